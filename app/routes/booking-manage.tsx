import { data, redirect } from 'react-router';
import { bookingNotFoundMessage } from '#common/bookings/booking.ts';
import { BookingNotFound } from '#app/features/bookings/online/booking-not-found.tsx';
import { ManagedBookingPanel } from '#app/features/bookings/online/managed-booking-panel.tsx';
import { type ManageActionData } from '#app/features/bookings/online/managed-booking-types.ts';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/booking-manage';
import { formFields } from './book.server.ts';
import { managedBookingView } from './booking-manage.server.ts';

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
  return data(
    {
      found: true as const,
      booking: managedBookingView(booking, context),
      booked: query.get('booked') === '1',
      cancelled: query.get('cancelled') === '1',
    },
    { headers: privatePage },
  );
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await formFields(request);
  const answer = (body: ManageActionData, status = 200) => data(body, { status, headers: privatePage });
  if (form.intent !== 'cancel') return answer({ outcome: 'refused', error: 'Nothing to do.' }, 400);
  // Without scripts the confirmation is a second form: a stray press cancels nothing.
  if (form.confirm !== 'yes') return answer({ outcome: 'confirm' });
  const result = await context.bookings.cancel(params.token);
  if (result.status === 200)
    return redirect(`/bookings/manage/${encodeURIComponent(params.token)}?cancelled=1`, 303);
  if (result.status === 404) return answer({ outcome: 'refused', error: bookingNotFoundMessage }, 404);
  return answer({ outcome: 'refused', error: result.error }, 409);
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
      description: 'Your booking: when and where, and how to cancel it.',
      noindex: true,
    },
    // The address holds a secret: not even this site's own pages are told it.
    () => [{ name: 'referrer', content: 'no-referrer' }],
  );

export default function BookingManageRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.found) return <BookingNotFound message={loaderData.message} />;
  const { booking, booked, cancelled } = loaderData;
  return (
    <main>
      <PageHeader title="Your booking">
        Reference <strong className="font-semibold text-white">{booking.reference}</strong>
      </PageHeader>
      <ManagedBookingPanel
        booking={booking}
        booked={booked && !actionData}
        cancelled={cancelled && booking.status === 'cancelled'}
        action={actionData}
      />
    </main>
  );
}
