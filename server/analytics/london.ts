/** The business's calendar: days and "today" are Europe/London days (DESIGN.md, data). */
const londonDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/London',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The London calendar day of an instant, as YYYY-MM-DD (GMT in winter, BST in summer). */
export function londonDay(instant: Date): string {
  return londonDate.format(instant);
}

/** The calendar day `count` days after `day` (negative: before), as YYYY-MM-DD. */
export function addDays(day: string, count: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + count);
  return date.toISOString().slice(0, 10);
}

/** The `count` days that end with `lastDay`, oldest first. */
export function daysEnding(lastDay: string, count: number): string[] {
  return Array.from({ length: count }, (_, index) => addDays(lastDay, index - count + 1));
}
