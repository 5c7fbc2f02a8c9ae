import { memo, useMemo } from 'react';
import { bookingLocationName, type BookingSettings } from '#common/bookings/settings.ts';
import type { BranchContent } from '#common/site-content/site-content.ts';
import { BankHolidaysField, ClosedDatesField } from './booking-dates.tsx';
import { BookingLocationEditor } from './booking-location.tsx';
import { ListError, NumberField } from '#app/components/editor/fields.tsx';
import { fieldId } from '#app/components/editor/draft.ts';
import { useOpenKeys } from '#app/components/editor/use-open-keys.ts';
import { plural } from '#common/util/words.ts';

type BookingSectionProps = {
  booking: BookingSettings;
  branches: readonly BranchContent[];
  /** London's date today, YYYY-MM-DD: the bank holidays listed start from it. */
  today: string;
  /** Whether the business has never saved booking settings, and books from the defaults. */
  fromDefaults: boolean;
};

/**
 * When customers can book online: how far ahead and how soon, the windows of mobile fitting and
 * of each branch (with its MOT testing's and servicing's own), closed dates and the bank holidays
 * the business opens on.
 */
export const BookingSection = memo(function BookingSection({
  booking,
  branches,
  today,
  fromDefaults,
}: BookingSectionProps) {
  const { openKeys, toggle } = useOpenKeys();
  const places = useMemo(
    () => booking.locations.map(({ key }) => ({ key, name: bookingLocationName(key, branches) })),
    [booking.locations, branches],
  );
  const { horizonDays, noticeHours } = booking;

  return (
    <>
      <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        {fromDefaults &&
          'Until you save booking settings of your own, the booking page uses these: two-hour windows within the opening hours, and at each branch hour-long MOT windows and four-hour servicing windows of one job each. '}
        Once saved, windows no longer follow changes to a branch’s opening hours: use “Fill from opening
        hours” after changing them.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField
          path={['booking', 'horizonDays']}
          value={horizonDays}
          suffix="days ahead"
          hint={
            Number.isFinite(horizonDays)
              ? `Customers can book up to ${plural(horizonDays, 'day')} ahead.`
              : 'How many days ahead customers can book.'
          }
        />
        <NumberField
          path={['booking', 'noticeHours']}
          value={noticeHours}
          suffix="hours before"
          hint={`Customers must book at least ${Number.isFinite(noticeHours) ? plural(noticeHours, 'hour') : 'this many hours'} before a window starts. It is also the cut-off for cancelling online: after it, customers have to phone.`}
        />
      </div>
      <div id={fieldId(['booking', 'locations'])} tabIndex={-1} className="grid gap-3 focus:outline-none">
        <ListError path={['booking', 'locations']} />
        {booking.locations.map((location, index) => (
          <BookingLocationEditor
            key={location.key}
            location={location}
            index={index}
            name={places[index]?.name ?? location.key}
            branch={branches.find((branch) => branch.key === location.key)}
            open={openKeys.has(location.key)}
            onToggle={toggle}
          />
        ))}
      </div>
      <ClosedDatesField closedDates={booking.closedDates} places={places} />
      <BankHolidaysField openDates={booking.openBankHolidays} today={today} />
    </>
  );
});
