import { describe, expect, it } from 'vitest';
import { bankHolidays, bankHolidaysBetween } from './bank-holidays.ts';
import { londonDate } from './london.ts';
import { addDays, isCalendarDate, weekdayOf } from './week.ts';

const listed = Object.entries(bankHolidays).map(([date, name]) => ({ date, name }));
const years = [...new Set(listed.map(({ date }) => Number(date.slice(0, 4))))];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm, "Meeus/Jones/Butcher"). */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const mondayOnOrAfter = (date: string) => {
  let monday = date;
  while (weekdayOf(monday) !== 'monday') monday = addDays(monday, 1);
  return monday;
};
/** The last Monday of a month (May or August: the month after is in the same year). */
const lastMondayOf = (year: number, month: number) => {
  let monday = addDays(`${year}-${String(month + 1).padStart(2, '0')}-01`, -1);
  while (weekdayOf(monday) !== 'monday') monday = addDays(monday, -1);
  return monday;
};
const weekend = (date: string) => ['saturday', 'sunday'].includes(weekdayOf(date));

/**
 * A year's bank holidays by the standing rules (Banking and Financial Dealings Act 1971 and the
 * yearly proclamations): a fixed day falling at a weekend moves to the next weekday not already
 * a holiday.
 */
function standingHolidays(year: number): Record<string, string> {
  const holidays: Record<string, string> = {};
  const newYear = `${year}-01-01`;
  if (weekend(newYear)) holidays[mondayOnOrAfter(newYear)] = 'New Year’s Day (substitute day)';
  else holidays[newYear] = 'New Year’s Day';
  const easter = easterSunday(year);
  holidays[addDays(easter, -2)] = 'Good Friday';
  holidays[addDays(easter, 1)] = 'Easter Monday';
  holidays[mondayOnOrAfter(`${year}-05-01`)] = 'Early May bank holiday';
  holidays[lastMondayOf(year, 5)] = 'Spring bank holiday';
  holidays[lastMondayOf(year, 8)] = 'Summer bank holiday';
  let free = `${year}-12-25`;
  for (const name of ['Christmas Day', 'Boxing Day']) {
    const own = name === 'Christmas Day' ? `${year}-12-25` : `${year}-12-26`;
    while (weekend(free) || holidays[free]) free = addDays(free, 1);
    holidays[free] = free === own ? name : `${name} (substitute day)`;
  }
  return holidays;
}

describe('bank holidays', () => {
  it('are real dates, in date order, none at a weekend', () => {
    for (const { date } of listed) {
      expect(isCalendarDate(date), date).toBe(true);
      expect(weekend(date), date).toBe(false);
    }
    expect(listed.map(({ date }) => date)).toEqual(listed.map(({ date }) => date).sort());
  });

  it('fall on the right weekday for their name', () => {
    for (const { date, name } of listed) {
      if (name === 'Good Friday') expect(weekdayOf(date), date).toBe('friday');
      else if (name.endsWith('(substitute day)')) {
        // Boxing Day's substitute is a Tuesday when Christmas Day's takes the Monday.
        expect(['monday', 'tuesday'], date).toContain(weekdayOf(date));
      } else if (name === 'New Year’s Day') expect(date.slice(5), date).toBe('01-01');
      else if (name === 'Christmas Day') expect(date.slice(5), date).toBe('12-25');
      else if (name === 'Boxing Day') expect(date.slice(5), date).toBe('12-26');
      else expect(weekdayOf(date), `${date} ${name}`).toBe('monday');
    }
  });

  it('are every year’s standing holidays, each year complete, with no year missing', () => {
    expect(years).toEqual(Array.from({ length: years.length }, (_, index) => years[0]! + index));
    for (const year of years) {
      const inYear = Object.fromEntries(
        listed.filter(({ date }) => date.startsWith(`${year}-`)).map(({ date, name }) => [date, name]),
      );
      // One-off holidays (a coronation, a jubilee) may be added beside the standing ones.
      expect(inYear, String(year)).toMatchObject(standingHolidays(year));
    }
  });

  it('know the substitute days of a Christmas at the weekend', () => {
    expect(bankHolidaysBetween('2026-12-24', '2027-01-04')).toEqual([
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-28', name: 'Boxing Day (substitute day)' },
      { date: '2027-01-01', name: 'New Year’s Day' },
    ]);
    expect(bankHolidaysBetween('2027-12-24', '2028-01-04').map(({ date }) => date)).toEqual([
      '2027-12-27',
      '2027-12-28',
      '2028-01-03',
    ]);
  });

  it('are listed up to at least two calendar years after the current one (extend the list when this fails)', () => {
    const thisYear = Number(londonDate(new Date()).slice(0, 4));
    expect(years.at(-1)).toBeGreaterThanOrEqual(thisYear + 2);
  });

  it('between two dates include both ends', () => {
    expect(bankHolidaysBetween('2026-04-03', '2026-04-06')).toEqual([
      { date: '2026-04-03', name: 'Good Friday' },
      { date: '2026-04-06', name: 'Easter Monday' },
    ]);
    expect(bankHolidaysBetween('2026-04-04', '2026-04-05')).toEqual([]);
  });
});
