import { bankHolidays } from '#common/time/bank-holidays.ts';
import { dayMonthYearText } from '#common/time/formats.ts';
import { isCalendarDate, weekdayNames, weekdays } from '#common/time/week.ts';
import { fieldChanges } from '#common/util/field-changes.ts';
import { branchServiceTitles } from './branch-services.ts';
import {
  bookingLocationName,
  branchServices,
  type BookingLocationSettings,
  type BookingSettings,
  type ClosedDate,
} from './settings.ts';

/** 2026-12-24 as "24 Dec 2026" (a draft's date may not be one yet). */
const dayText = (date: string) =>
  isCalendarDate(date) ? dayMonthYearText(date) : date.trim() || '(no date)';

/** A closed date's entry in words: "24 Dec 2026 (all locations)". */
function closedDateText(entry: ClosedDate, branches: readonly { key: string; name: string }[]): string {
  const where = entry.location === '' ? 'all locations' : bookingLocationName(entry.location, branches);
  return `${dayText(entry.date)} (${where})`;
}

/** What changed of the bookable weeks of a place, or of a branch's MOT testing or servicing. */
function weekChanges(
  name: string,
  before: Pick<BookingLocationSettings, 'enabled' | 'week'>,
  after: Pick<BookingLocationSettings, 'enabled' | 'week'>,
): string[] {
  const changes: string[] = [];
  if (before.enabled !== after.enabled) {
    changes.push(`Booking: online booking of ${name} turned ${after.enabled ? 'on' : 'off'}`);
  }
  const days = weekdays.filter((day) => JSON.stringify(before.week[day]) !== JSON.stringify(after.week[day]));
  if (days.length > 0) {
    const which =
      days.length === weekdays.length ? 'every day' : days.map((day) => weekdayNames[day]).join(', ');
    changes.push(`Booking: windows of ${name} changed (${which})`);
  }
  return changes;
}

/** A place's changes, then those of its MOT testing and servicing ("MOT Testing at Harold Hill branch"). */
function locationChanges(
  name: string,
  before: BookingLocationSettings,
  after: BookingLocationSettings,
): string[] {
  const changes = weekChanges(name, before, after);
  for (const service of branchServices) {
    const [was, is] = [before.services?.[service], after.services?.[service]];
    if (was && is) changes.push(...weekChanges(`${branchServiceTitles[service]} at ${name}`, was, is));
  }
  return changes;
}

/**
 * What changed of the booking settings, in words, from those in force before to those after. A
 * location that comes or goes with its branch is told by the branch's own change.
 */
export function bookingSettingsChanges(
  before: BookingSettings,
  after: BookingSettings,
  { branches }: { branches: readonly { key: string; name: string }[] },
): string[] {
  const changes = fieldChanges('Booking', before, after, {
    horizonDays: 'days ahead customers can book',
    noticeHours: 'shortest notice (hours)',
  });
  for (const location of after.locations) {
    const was = before.locations.find((entry) => entry.key === location.key);
    if (was) changes.push(...locationChanges(bookingLocationName(location.key, branches), was, location));
  }
  const closedKey = (entry: ClosedDate) => `${entry.date} ${entry.location}`;
  const wasClosed = new Map(before.closedDates.map((entry) => [closedKey(entry), entry]));
  const isClosed = new Map(after.closedDates.map((entry) => [closedKey(entry), entry]));
  for (const [key, entry] of isClosed) {
    const was = wasClosed.get(key);
    if (!was) changes.push(`Booking: closed on ${closedDateText(entry, branches)}`);
    else if (was.note !== entry.note)
      changes.push(`Booking: note of ${closedDateText(entry, branches)} changed`);
  }
  for (const [key, entry] of wasClosed) {
    if (!isClosed.has(key)) changes.push(`Booking: no longer closed on ${closedDateText(entry, branches)}`);
  }
  const holiday = (date: string) => `${bankHolidays[date] ?? 'the bank holiday'}, ${dayText(date)}`;
  for (const date of after.openBankHolidays) {
    if (!before.openBankHolidays.includes(date)) changes.push(`Booking: open on ${holiday(date)}`);
  }
  for (const date of before.openBankHolidays) {
    if (!after.openBankHolidays.includes(date)) changes.push(`Booking: closed on ${holiday(date)}`);
  }
  return changes;
}
