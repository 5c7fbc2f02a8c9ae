import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { data, Link, redirect } from 'react-router';
import { bookingHoneypotField } from '#common/bookings/words.ts';
import { errorSummaryId } from '#app/features/bookings/online/booking-error-summary.tsx';
import { type BookingActionData, type BookingValues } from '#app/features/bookings/online/booking-types.ts';
import { bookingView, summaryRows } from '#app/features/bookings/online/booking-view.ts';
import { StepProgress, stepHeadingId } from '#app/features/bookings/online/step-progress.tsx';
import { WhatWhereStep } from '#app/features/bookings/online/what-where-step.tsx';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/book';
import {
  bookingOfForm,
  bookingPage,
  formFields,
  isSharedPage,
  offeredSlots,
  withChosenSlot,
} from './book.server.ts';

/**
 * /book: online booking in three steps that work as plain forms (each step a GET form carrying
 * the earlier choices in the address, the last a post to this route's action) and, once the
 * page's scripts run, as the same forms submitted in the page.
 */

/**
 * The later steps' code (the calendar; the details form with its checks, which bring zod) is
 * fetched when it is needed, not with the first step: together they would take the page over
 * its 120 kB of script. The server renders them in place all the same (the document is sent
 * once complete), and a step submitted in the page starts fetching the others at once, while
 * its answer is on its way.
 */
const loadWhenStep = () => import('#app/features/bookings/online/when-step.tsx');
const loadDetailsStep = () => import('#app/features/bookings/online/details-step.tsx');
const WhenStep = lazy(async () => ({ default: (await loadWhenStep()).WhenStep }));
const DetailsStep = lazy(async () => ({ default: (await loadDetailsStep()).DetailsStep }));
const loadLaterSteps = () => {
  void loadWhenStep();
  void loadDetailsStep();
};

/** Pages with live availability or a customer's answers are never kept by a cache. */
const privatePage = { 'Cache-Control': 'private, no-store' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await bookingPage(context, url);
  // With the branches' names of the published content.
  const description = `Book mobile tyre fitting at your home or work, or a visit to our ${context.facts.branchesOr} branch: choose a service, a day and a time online.`;
  return data({ ...page, description }, isSharedPage(page, url) ? undefined : { headers: privatePage });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = withChosenSlot(await formFields(request));
  const result = await context.bookings.submit(bookingOfForm(form));
  // Post/redirect/get: reloading the booking's page does not book it twice. A deposit asked
  // (`result.booking.payment`) shows there as the confirmation, with a plain link to Stripe's
  // page (the booking's `payUrl`), with or without scripts: never followed by itself.
  if (result.status === 201) {
    return redirect(`/bookings/manage/${encodeURIComponent(result.manageToken)}?booked=1`, 303);
  }
  const { [bookingHoneypotField]: _honeypot, ...values } = form;
  const answer = (body: BookingActionData, headers: Record<string, string> = {}) =>
    data(body, { status: result.status, headers: { ...privatePage, ...headers } });
  const sent = values as BookingValues;
  switch (result.status) {
    case 400:
      return answer({
        outcome: 'invalid',
        error: result.error,
        fieldErrors: result.fieldErrors,
        values: sent,
      });
    case 409:
      // Too many tyres held already: no other time helps, the customer is asked to call.
      if (result.tyresHeld) return answer({ outcome: 'limited', error: result.error, values: sent });
      return answer({
        outcome: 'taken',
        error: result.error,
        nextFree: offeredSlots(result.nextFree),
        values: sent,
      });
    case 429:
      return answer(
        { outcome: 'limited', error: result.error, values: sent },
        { 'Retry-After': String(result.retryAfterSeconds) },
      );
    case 202:
      return answer({ outcome: 'enquiry', message: result.message, values: sent });
  }
}

/** The action's headers (Retry-After when the limit was reached) over the loader's. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const merged = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) merged.set(name, value);
  return merged;
};

export const meta: Route.MetaFunction = ({ data: page, matches }) =>
  pageMeta(matches, {
    path: '/book',
    title: 'Book an Appointment',
    description: page?.description ?? '',
    keywords: ['book tyre fitting', 'mobile tyre fitting appointment', 'book puncture repair Essex'],
  });

/** Focuses the step's heading when a step follows another in the page (not on first load). */
function useStepFocus(step: string) {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    // A summary of what to correct takes the focus itself.
    if (!document.getElementById(errorSummaryId)) document.getElementById(stepHeadingId)?.focus();
  }, [step]);
}

export default function BookRoute({ loaderData: page, actionData }: Route.ComponentProps) {
  const view = useMemo(() => bookingView(page, actionData), [page, actionData]);
  useStepFocus(view.step);
  // Each new answer starts the step afresh, with what it says.
  const stepKey = `${view.step} ${JSON.stringify(view.choices)}`;
  return (
    <main>
      <PageHeader title="Book an Appointment">
        Choose a service, where and when. It takes about two minutes, and we confirm by e-mail straight away.
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 sm:py-12">
        {view.sent ? (
          <SentAsEnquiry message={view.sent} />
        ) : (
          <>
            <StepProgress step={view.step} />
            {/* What focus or a summary's link moves to clears the sticky header. */}
            <div className="mt-6 [&_[id]]:scroll-mt-24" onSubmit={loadLaterSteps}>
              {view.step === 'what' && (
                <WhatWhereStep
                  key={stepKey}
                  choices={view.choices}
                  errors={view.errors}
                  services={page.services}
                  locations={page.locations}
                  coveredDistricts={page.coveredDistricts}
                  tyre={page.tyre}
                  tyreNotice={page.tyreNotice}
                />
              )}
              <Suspense fallback={null}>
                {view.step === 'when' && (
                  <WhenStep
                    key={stepKey}
                    choices={view.choices}
                    errors={view.errors}
                    availability={page.availability}
                    horizonDays={page.horizonDays}
                    tyre={page.tyre}
                    tyreNotice={page.tyreNotice}
                    callOut={page.callOut}
                  />
                )}
                {view.step === 'details' && (
                  <DetailsStep
                    key={stepKey}
                    choices={view.choices}
                    summary={summaryRows(page, view)}
                    tyre={page.tyre}
                    tyreNotice={page.tyreNotice}
                    values={view.values}
                    errors={view.errors}
                    conflict={view.conflict}
                    notice={view.notice}
                    deposit={page.deposit}
                    texts={page.texts}
                  />
                )}
              </Suspense>
            </div>
          </>
        )}
      </div>
    </main>
  );
}

/** The booking sent to the office as an enquiry instead: what happens next, and the way home. */
function SentAsEnquiry({ message }: { message: string }) {
  return (
    <div
      role="status"
      className="grid gap-4 rounded-2xl border border-brand-dark/30 bg-brand-light p-6 text-ink"
    >
      <h2 id={stepHeadingId} tabIndex={-1} className="font-heading text-xl font-bold">
        Sent to our office
      </h2>
      <p>{message}</p>
      <Link to="/" className="font-semibold underline underline-offset-2">
        Back to the home page
      </Link>
    </div>
  );
}
