import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Booking } from '#common/bookings/booking.ts';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';

/** A booking that names its tyres. */
export type WithTyres<Listed extends { tyre: Booking['tyre'] }> = Listed & {
  tyre: NonNullable<Booking['tyre']>;
};

/**
 * One of the Tyres tab's lists of bookings by their tyres (those held, those to order): loading,
 * a failure with Try again, then a summary and a card for each booking that names its tyres.
 */
export function BookingTyresPanel<Listed extends { id: number; tyre: Booking['tyre'] }>({
  list,
  loading,
  failure,
  summary,
  card,
}: {
  list: UseQueryResult<Listed[]>;
  /** What the spinner says while the list loads. */
  loading: string;
  /** The failure's title when it cannot load. */
  failure: string;
  summary: (bookings: WithTyres<Listed>[]) => ReactNode;
  /** A booking's card, with its key. */
  card: (booking: WithTyres<Listed>) => ReactNode;
}) {
  if (list.isPending) return <Spinner label={loading} />;
  if (list.isError) {
    return <LoadFailure title={failure} detail={messageOf(list.error)} onRetry={() => void list.refetch()} />;
  }
  const bookings = list.data.filter((booking): booking is WithTyres<Listed> => Boolean(booking.tyre));
  return (
    <div className="grid min-w-0 gap-3">
      {summary(bookings)}
      <div className="grid gap-3 xl:grid-cols-2">{bookings.map(card)}</div>
    </div>
  );
}
