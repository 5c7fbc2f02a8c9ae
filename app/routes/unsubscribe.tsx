import { data } from 'react-router';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import {
  maskEmail,
  UnsubscribePanel,
  type UnsubscribeView,
} from '#app/features/reminders/unsubscribe-panel.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/unsubscribe';
import { formFields } from './book.server.ts';

/**
 * /unsubscribe/{token}: the link every reminder and review request carries. A POST unsubscribes
 * at once, without a sign-in or a confirmation: the page's button, and the one-click POST mail
 * programs send for the List-Unsubscribe-Post header (RFC 8058, body `List-Unsubscribe=One-Click`,
 * no cookie). Opening the link only shows the button: mail scanners that follow links unsubscribe
 * no one. The token is the key: the page is never cached, and its address not sent on.
 */
const privatePage = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };

export const unsubscribeLinkNotFoundMessage =
  'This unsubscribe link is not valid: it may have been copied incompletely, or the booking it came from has been deleted.';

type PageData = { found: false; message: string } | { found: true; view: UnsubscribeView };

export async function loader({ params, context }: Route.LoaderArgs) {
  const subscription = await context.reminders.subscription(params.token);
  if (!subscription) {
    return data<PageData>(
      { found: false, message: unsubscribeLinkNotFoundMessage },
      { status: 404, headers: privatePage },
    );
  }
  return data<PageData>(
    {
      found: true,
      view: { maskedEmail: maskEmail(subscription.email), unsubscribed: subscription.unsubscribed },
    },
    { headers: privatePage },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await formFields(request);
  // Anything but the page's "subscribe again" unsubscribes, whatever else the body holds.
  const resubscribing = form.intent === 'resubscribe';
  const done = resubscribing
    ? await context.reminders.resubscribe(params.token)
    : await context.reminders.unsubscribe(params.token);
  if (!done) {
    return data<UnsubscribeView | null>(null, { status: 404, headers: privatePage });
  }
  return data<UnsubscribeView>(
    {
      maskedEmail: maskEmail(done.email),
      unsubscribed: !resubscribing,
      outcome: resubscribing ? 'resubscribed' : 'unsubscribed',
    },
    { headers: privatePage },
  );
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const merged = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) merged.set(name, value);
  return merged;
};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    {
      path: '/unsubscribe',
      title: 'Unsubscribe',
      description: 'Stop reminders and review requests from us.',
      noindex: true,
    },
    () => [{ name: 'referrer', content: 'no-referrer' }],
  );

export default function UnsubscribeRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <main>
      <PageHeader title="Reminders" />
      <div className="px-4 py-12 sm:px-6 sm:py-16">
        {loaderData.found ? (
          <UnsubscribePanel view={actionData ?? loaderData.view} />
        ) : (
          <p className="mx-auto max-w-xl text-center text-slate-700">{loaderData.message}</p>
        )}
      </div>
    </main>
  );
}
