import { buttonClass } from '#app/components/ui/button.tsx';
import { data, Link, redirect } from 'react-router';
import type { EnquiryField } from '#common/enquiries/enquiry.ts';
import { districtPattern, outwardCode, type Coverage } from '#common/site-content/postcode.ts';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { CoverageNotice } from '#app/features/enquiries/form/coverage-notice.tsx';
import { EnquiryFormOnDemand } from '#app/features/enquiries/form/enquiry-form-on-demand.tsx';
import { CheckIcon } from '#app/components/ui/icons.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/enquiry';

/**
 * /enquiry: where the enquiry form posts when scripts are not running (a phone on a poor
 * connection whose scripts never arrived). It stores the enquiry exactly as POST /api/enquiries
 * does and answers with a page: the confirmation, or the form again with the customer's values
 * and what to correct.
 */
/** The reference a customer was given, as the confirmation's address carries it. */
const referencePattern = /^ENQ-\d{4}-\d{4,}$/;

/** What the confirmation's address says of the postcode (`outside` and `CO1`), if it is well formed. */
function confirmedCoverage(params: URLSearchParams): Coverage {
  const verdict = params.get('area');
  const district = params.get('district') ?? '';
  return (verdict === 'inside' || verdict === 'outside') && districtPattern.test(district)
    ? { verdict, district }
    : { verdict: 'unknown' };
}

export function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const received = params.get('received');
  const reference = received !== null && referencePattern.test(received) ? received : null;
  // For the form's postcode check; a confirmation shows no form.
  const coveredDistricts = received === null ? context.content.areas.coveredDistricts : [];
  // A confirmation names one customer's enquiry: it is not a page to keep for others.
  return data(
    {
      received: received !== null,
      reference,
      coverage: confirmedCoverage(params),
      coveredDistricts,
      texts: context.texts,
    },
    reference ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined,
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = Object.fromEntries(
    [...(await request.formData()).entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
  const result = await context.enquiries.submit(form);
  // Post/redirect/get: reloading the confirmation does not send the enquiry twice.
  if (result.status === 201) {
    const confirmation = new URLSearchParams({ received: result.reference });
    if (result.coverage !== 'unknown') {
      confirmation.set('area', result.coverage);
      confirmation.set('district', outwardCode(form.postcode ?? ''));
    }
    return redirect(`/enquiry?${confirmation}`, 303);
  }
  const { website: _honeypot, ...values } = form;
  return data(
    {
      error: result.error,
      values: values as Partial<Record<EnquiryField, string>>,
      fieldErrors: result.status === 400 ? result.fieldErrors : undefined,
    },
    {
      status: result.status,
      headers:
        result.status === 429 || result.status === 503
          ? { 'Retry-After': String(result.retryAfterSeconds) }
          : undefined,
    },
  );
}

/**
 * Passes the action's Retry-After (when the limit was reached, or the enquiry could not be
 * stored for now) on to the page's response, and
 * the confirmation's Cache-Control.
 */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has('Retry-After') ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    path: '/enquiry',
    title: 'Send an Enquiry',
    description: 'Send us an enquiry or booking request and we will get back to you.',
    noindex: true,
  });

export default function EnquiryRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.received && !actionData) {
    return (
      <main>
        <PageHeader title="Enquiry Submitted" />
        <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6">
          <p role="status" className="flex items-center gap-3 text-xl font-semibold text-ink">
            <CheckIcon className="size-7 shrink-0 text-brand-dark" />
            We&apos;ll get back to you as soon as possible.
          </p>
          {loaderData.reference && (
            <p className="mt-4 text-lg text-slate-700">
              Your reference is <strong className="font-semibold text-ink">{loaderData.reference}</strong>.
              Please quote it if you call us.
            </p>
          )}
          {loaderData.coverage.verdict !== 'unknown' && (
            <p className="mt-4 max-w-2xl text-base">
              <CoverageNotice coverage={loaderData.coverage} />
            </p>
          )}
          <Link to="/" className={buttonClass('primary', 'large', 'mt-8')}>
            Back to Home
          </Link>
        </div>
      </main>
    );
  }
  return (
    <main>
      <PageHeader title="Send an Enquiry">
        Tell us about your vehicle and what it needs. We confirm every request within 24 hours.
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
        {actionData?.error && (
          <p
            role="alert"
            className="mb-6 rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800"
          >
            {actionData.error}
          </p>
        )}
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <EnquiryFormOnDemand
            eager
            coveredDistricts={loaderData.coveredDistricts}
            texts={loaderData.texts}
            initialValues={actionData?.values}
            initialErrors={actionData?.fieldErrors}
          />
        </div>
      </div>
    </main>
  );
}
