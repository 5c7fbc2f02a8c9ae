import { weekdayNames, weekdayOf, weekdays } from '#common/time/week.ts';
import { dayAndMonthText, monthNames } from './booking-format.ts';

type DayCalendarProps = {
  /** The days that can be chosen, in order (those with a free window). */
  days: readonly string[];
  selected: string;
  onSelect?: (date: string) => void;
  /** The group's error, read out with each day. */
  describedBy?: string;
  /** The id of the first day's radio, for the error summary's link. */
  firstId?: string;
};

type Month = { key: string; title: string; weeks: (string | null)[][] };

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The months from the first bookable day's to the last one's, as weeks of dates (Monday first),
 * from each month's first week with a bookable day to its last.
 */
function monthsOf(days: readonly string[]): Month[] {
  const bookable = new Set(days);
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  const months: Month[] = [];
  let [year = 0, month = 1] = first.split('-').map(Number);
  const end = last.slice(0, 7);
  for (let key = `${year}-${pad(month)}`; key <= end;) {
    const cells: (string | null)[] = Array.from(
      { length: weekdays.indexOf(weekdayOf(`${key}-01`)) },
      () => null,
    );
    for (let day = 1; day <= daysInMonth(year, month); day += 1) cells.push(`${key}-${pad(day)}`);
    while (cells.length % 7 !== 0) cells.push(null);
    const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
    // Weeks before the first bookable day and after the last are left out: less to scroll on a phone.
    const open = (week: (string | null)[]) => week.some((date) => date !== null && bookable.has(date));
    const firstWeek = weeks.findIndex(open);
    const lastWeek = weeks.findLastIndex(open);
    if (firstWeek >= 0) {
      months.push({
        key,
        title: `${monthNames[month - 1]} ${year}`,
        weeks: weeks.slice(firstWeek, lastWeek + 1),
      });
    }
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
    key = `${year}-${pad(month)}`;
  }
  return months;
}

const dayClass = 'grid h-11 w-full place-items-center rounded-lg text-sm sm:h-12 sm:text-base';

/**
 * The days a customer can book, as month grids of radio buttons (name `date`): a plain form's
 * choice without scripts, the arrow keys move between days as in any radio group, and days
 * without a free window are shown but cannot be chosen.
 */
export function DayCalendar({ days, selected, onSelect, describedBy, firstId }: DayCalendarProps) {
  const bookable = new Set(days);
  return (
    <div className="grid gap-6 md:grid-cols-2 md:items-start">
      {monthsOf(days).map((month) => (
        <table key={month.key} className="w-full table-fixed border-separate border-spacing-1">
          <caption className="pb-1 text-left font-heading font-bold text-ink">{month.title}</caption>
          <thead>
            <tr>
              {weekdays.map((weekday) => (
                <th key={weekday} scope="col" className="pb-1 text-xs font-semibold text-slate-500">
                  <abbr title={weekdayNames[weekday]} className="no-underline">
                    {weekdayNames[weekday].slice(0, 3)}
                  </abbr>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {month.weeks.map((week, index) => (
              <tr key={index}>
                {week.map((date, column) => (
                  <td key={date ?? `blank-${column}`} className="p-0">
                    {date && bookable.has(date) ? (
                      <label
                        className={`${dayClass} relative cursor-pointer border border-slate-300 bg-white font-semibold text-ink transition hover:border-brand-dark has-checked:border-ink has-checked:bg-ink has-checked:text-white has-focus-visible:ring-2 has-focus-visible:ring-brand has-focus-visible:ring-offset-2`}
                      >
                        <input
                          type="radio"
                          name="date"
                          value={date}
                          id={date === days[0] ? firstId : undefined}
                          checked={selected === date}
                          onChange={() => onSelect?.(date)}
                          aria-describedby={describedBy}
                          // Over the whole day, unseen: the tap lands on the radio itself.
                          className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0"
                        />
                        <span aria-hidden="true">{Number(date.slice(8))}</span>
                        <span className="sr-only">{dayAndMonthText(date)}</span>
                      </label>
                    ) : date ? (
                      <span className={`${dayClass} text-slate-500`} aria-hidden="true">
                        {Number(date.slice(8))}
                      </span>
                    ) : null}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
