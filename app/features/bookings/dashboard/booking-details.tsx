import { Link } from 'react-router';
import { bookingAddress, lockingNutsText, type Booking } from '#common/bookings/booking.ts';
import { formatRegistration } from '#common/vehicles/registration.ts';
import { formatPence } from '#common/util/money.ts';
import { Fact } from '#app/components/ui/fact.tsx';
import { depositText } from './booking-payment.tsx';

/** The Jobs section with the vehicle's past visits (what was fitted, measured and invoiced). */
const vehicleHistoryPath = (registration: string) =>
  `/admin/dashboard/jobs?${new URLSearchParams({ vehicle: registration })}`;

function TyreDetail({ tyre }: { tyre: NonNullable<Booking['tyre']> }) {
  return (
    <Fact term="Tyres">
      {tyre.quantity} × {tyre.description}, {formatPence(tyre.total)}
      <span
        className={`ml-2 inline-block rounded px-1.5 text-xs font-semibold whitespace-nowrap ${
          tyre.source === 'stock'
            ? 'bg-brand-light text-ink'
            : tyre.orderedAt
              ? 'bg-sky-100 text-sky-900'
              : 'bg-amber-100 text-amber-900'
        }`}
      >
        {tyre.source === 'stock' ? 'Reserved from stock' : tyre.orderedAt ? 'Ordered' : 'To order'}
      </span>
    </Fact>
  );
}

/** What is booked, for which vehicle (with a way to its past visits), its deposit, and where. */
export function BookingDetails({ booking }: { booking: Booking }) {
  const registration = formatRegistration(booking.registration);
  const deposit = depositText(booking.payment);
  return (
    <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
      <Fact term="Service">{booking.serviceTitle}</Fact>
      <Fact term="Vehicle">{booking.vehicle}</Fact>
      <Fact term="Registration">
        <span className="rounded bg-yellow-100 px-1.5 font-mono font-bold whitespace-nowrap text-ink">
          {registration}
        </span>
        <Link
          to={vehicleHistoryPath(booking.registration)}
          className="ml-2 font-semibold whitespace-nowrap text-brand-dark underline underline-offset-2 hover:text-ink"
        >
          Vehicle history<span className="sr-only"> of {registration}</span>
        </Link>
      </Fact>
      {booking.tyre && <TyreDetail tyre={booking.tyre} />}
      {deposit && <Fact term="Deposit">{deposit}</Fact>}
      {booking.addressLine && <Fact term="Address">{bookingAddress(booking)}</Fact>}
      {booking.lockingNuts && (
        <Fact term="Locking wheel nuts">{lockingNutsText(booking.lockingNuts, booking.lockingNutKey)}</Fact>
      )}
      {booking.postcode && (
        <Fact term="Postcode">
          {booking.postcode}
          {booking.outsideArea && <span className="sr-only"> (outside the covered area)</span>}
        </Fact>
      )}
    </dl>
  );
}
