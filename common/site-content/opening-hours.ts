import { weekdayNames, weekdays, type BranchContent, type DayHours, type Weekday } from './site-content.ts';
import { formatTime } from '#common/time/week.ts';

/** One day's hours as text: "8:00am - 6:00pm", or "Closed". */
export function dayHoursText(day: DayHours, dash = ' - '): string {
  return day.closed ? 'Closed' : `${formatTime(day.opens)}${dash}${formatTime(day.closes)}`;
}

const sameHours = (a: DayHours, b: DayHours) =>
  a.closed === b.closed && (a.closed || (a.opens === b.opens && a.closes === b.closes));

export type HoursRow = { days: string; hours: string };

/**
 * A branch's week as rows for people: consecutive days from Monday to Saturday with the same
 * hours share a row ("Monday - Friday"), and Sunday has its own, with the branch's Sunday note.
 */
export function hoursRows(branch: Pick<BranchContent, 'hours' | 'sundayNote'>, dash = ' - '): HoursRow[] {
  const rows: { first: Weekday; last: Weekday; day: DayHours }[] = [];
  for (const weekday of weekdays.slice(0, 6)) {
    const day = branch.hours[weekday];
    const previous = rows[rows.length - 1];
    if (previous && sameHours(previous.day, day)) previous.last = weekday;
    else rows.push({ first: weekday, last: weekday, day });
  }
  const result = rows.map(({ first, last, day }) => ({
    days: first === last ? weekdayNames[first] : `${weekdayNames[first]}${dash}${weekdayNames[last]}`,
    hours: dayHoursText(day, dash),
  }));
  const sunday = branch.hours.sunday;
  const note = branch.sundayNote.trim();
  const sundayHours = sunday.closed && note ? note : dayHoursText(sunday, dash);
  result.push({
    days: 'Sunday',
    hours: !sunday.closed && note ? `${sundayHours} (${note})` : sundayHours,
  });
  return result;
}

/** The week in one sentence: "Monday to Friday 8:00am–6:00pm, Saturday 8:00am–4:00pm, Sunday …". */
export function hoursSentence(branch: Pick<BranchContent, 'hours' | 'sundayNote'>): string {
  return hoursRows(branch, '–')
    .map((row) => `${row.days.replace('–', ' to ')} ${row.hours}`)
    .join(', ');
}

export type OpeningHoursSpecification = { days: string[]; opens: string; closes: string };

/** Structured data's opening hours: the open days grouped by identical times, Monday first. */
export function openingHoursSpecification(hours: BranchContent['hours']): OpeningHoursSpecification[] {
  const groups: OpeningHoursSpecification[] = [];
  for (const weekday of weekdays) {
    const day = hours[weekday];
    if (day.closed) continue;
    const group = groups.find((entry) => entry.opens === day.opens && entry.closes === day.closes);
    if (group) group.days.push(weekdayNames[weekday]);
    else groups.push({ days: [weekdayNames[weekday]], opens: day.opens, closes: day.closes });
  }
  return groups;
}
