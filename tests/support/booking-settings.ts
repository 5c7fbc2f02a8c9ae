import type { BookingWindow } from '#common/bookings/settings.ts';
import { bankHolidays } from '#common/time/bank-holidays.ts';
import { weekdays } from '#common/time/week.ts';

/**
 * Booking settings, as the office publishes them, that open every location (mobile fitting and
 * each branch in `branchKeys`) every day, bank holidays too, with the same `windows`: for tests
 * against a running server, which books by the real day.
 */
export function openEveryDay(branchKeys: string[], windows: BookingWindow[]) {
  const week = Object.fromEntries(weekdays.map((day) => [day, windows]));
  return {
    horizonDays: 21,
    noticeHours: 4,
    locations: ['mobile', ...branchKeys].map((key) => ({ key, enabled: true, week })),
    closedDates: [],
    openBankHolidays: Object.keys(bankHolidays),
  };
}
