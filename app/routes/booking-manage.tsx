import { data, redirect } from 'react-router';
import { bookingNotFoundMessage } from '#common/bookings/booking.ts';
import { BookingNotFound } from '#app/features/bookings/online/booking-not-found.tsx';
import { ManagedBookingPanel } from '#app/features/bookings/online/managed-booking-panel.tsx';
import { type ManageActionData } from '#app/features/bookings/online/managed-booking-types.ts';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/booking-manage';
import { formFields } from './book.server.ts';
import { managePath, managedBookingView, moveChoice, paymentReturnOf } from './booking-manage.server.ts';

/**
 * /bookings/manage/{token}: a customer's own booking, from the link in their e-mails. The token
 * is the key: the page is never kept by a cache, and its address is not sent on as a referrer.
 */
const privatePage = { 'Cache-Control': 'private, no-store', 'Referrer-Policy': 'no-referrer' };

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const booking = await context.bookings.manage(params.token);
  if (!booking) {
    return data(
      { found: false as const, message: bookingNotFoundMessage },
      { status: 404, headers: privatePage },
    );
  }
  const query = new URL(request.url).searchParams;
  const report = booking.status === 'completed' ? await context.bookings.jobReport(params.token) : null;
  return data(
    {
      found: true as const,
      booking: managedBookingView(booking, context, params.token, report),
      booked: query.get('booked') === '1',
      cancelled: query.get('cancelled') === '1',
      moved: query.get('moved') === '1',
      // Back from Stripe Checkout (its success and cancel addresses).
      paymentReturn: paymentReturnOf(query.get('paid')),
      // Moving: the free times, once asked for (a link, so that it works without scripts too).
      move: query.get('move') === '1' ? await moveChoice(booking, context, query.get('date')) : null,
    },
    { headers: privatePage },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await formFields(request);
  const answer = (body: ManageActionData, status = 200) => data(body, { status, headers: privatePage });
  if (form.intent === 'move') return move(params.token, form, context, answer);
  if (form.intent !== 'cancel') return answer({ outcome: 'refused', error: 'Nothing to do.' }, 400);
  // Without scripts the confirmation is a second form: a stray press cancels nothing.
  if (form.confirm !== 'yes') return answer({ outcome: 'confirm' });
  const result = await context.bookings.cancel(params.token);
  if (result.status === 200) return redirect(`${managePath(params.token)}?cancelled=1`, 303);
  if (result.status === 404) return answer({ outcome: 'refused', error: bookingNotFoundMessage }, 404);
  return answer({ outcome: 'refused', error: result.error }, 409);
}

/**
 * The move to the chosen day's chosen time: to the booking's new link on success. Without scripts
 * a day chosen with no time, or another day than the one whose times were shown, comes back with
 * that day's times to choose from.
 */
async function move(
  token: string,
  form: Record<string, string>,
  context: Route.ActionArgs['context'],
  answer: (body: ManageActionData, status?: number) => ReturnType<typeof data<ManageActionData>>,
) {
  const date = form.date ?? '';
  if (!date) return answer({ outcome: 'move-refused', date, error: 'Choose a day.' }, 400);
  // Another day than the one whose times were shown: its times, to choose from.
  if (form.timesFor !== date) return answer({ outcome: 'move-refused', date, error: '' });
  if (!form.start) return answer({ outcome: 'move-refused', date, error: 'Choose a time.' }, 400);
  const result = await context.bookings.move(token, { date, start: form.start });
  if (result.status === 200) return redirect(`${managePath(result.manageToken)}?moved=1`, 303);
  if (result.status === 404) return answer({ outcome: 'refused', error: bookingNotFoundMessage }, 404);
  const error = Object.values(result.fieldErrors ?? {})[0]?.[0] ?? result.error;
  return answer({ outcome: 'move-refused', date, error }, result.status);
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const merged = new Headers(loaderHeaders);
  for (const [name, value] of actionHeaders) merged.set(name, value);
  return merged;
};

export const meta: Route.MetaFunction = ({ matches, data: page }) =>
  pageMeta(
    matches,
    {
      // Without the token: it is a key, and has no place in a canonical address.
      path: '/bookings/manage',
      title: page?.found === false ? 'Booking Not Found' : 'Your Booking',
      description: 'Your booking: when and where, and how to change or cancel it.',
      noindex: true,
    },
    // The address holds a secret: not even this site's own pages are told it.
    () => [{ name: 'referrer', content: 'no-referrer' }],
  );

export default function BookingManageRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <BookingNotFound message={loaderData.message} />;
  const { booking, booked, cancelled, moved, move, paymentReturn } = loaderData;
  return (
    <main>
      <PageHeader title="Your booking">
        Booking reference <strong className="font-semibold text-white">{booking.reference}</strong>
      </PageHeader>
      <ManagedBookingPanel
        booking={booking}
        booked={booked && !actionData}
        cancelled={cancelled && booking.status === 'cancelled'}
        moved={moved && !actionData}
        paymentReturn={actionData ? null : paymentReturn}
        move={move}
        action={actionData}
      />
    </main>
  );
}
