/**
 * Bank holidays in England and Wales (GOV.UK's list, with the substitute days when one falls on
 * a weekend). Booking treats them as closed unless the business opens on them. Extend the list
 * before its last year ends: a test fails when fewer than two years remain.
 */
export const bankHolidays: Readonly<Record<string, string>> = {
  '2026-01-01': 'New Year’s Day',
  '2026-04-03': 'Good Friday',
  '2026-04-06': 'Easter Monday',
  '2026-05-04': 'Early May bank holiday',
  '2026-05-25': 'Spring bank holiday',
  '2026-08-31': 'Summer bank holiday',
  '2026-12-25': 'Christmas Day',
  '2026-12-28': 'Boxing Day (substitute day)',
  '2027-01-01': 'New Year’s Day',
  '2027-03-26': 'Good Friday',
  '2027-03-29': 'Easter Monday',
  '2027-05-03': 'Early May bank holiday',
  '2027-05-31': 'Spring bank holiday',
  '2027-08-30': 'Summer bank holiday',
  '2027-12-27': 'Christmas Day (substitute day)',
  '2027-12-28': 'Boxing Day (substitute day)',
  '2028-01-03': 'New Year’s Day (substitute day)',
  '2028-04-14': 'Good Friday',
  '2028-04-17': 'Easter Monday',
  '2028-05-01': 'Early May bank holiday',
  '2028-05-29': 'Spring bank holiday',
  '2028-08-28': 'Summer bank holiday',
  '2028-12-25': 'Christmas Day',
  '2028-12-26': 'Boxing Day',
  '2029-01-01': 'New Year’s Day',
  '2029-03-30': 'Good Friday',
  '2029-04-02': 'Easter Monday',
  '2029-05-07': 'Early May bank holiday',
  '2029-05-28': 'Spring bank holiday',
  '2029-08-27': 'Summer bank holiday',
  '2029-12-25': 'Christmas Day',
  '2029-12-26': 'Boxing Day',
  '2030-01-01': 'New Year’s Day',
  '2030-04-19': 'Good Friday',
  '2030-04-22': 'Easter Monday',
  '2030-05-06': 'Early May bank holiday',
  '2030-05-27': 'Spring bank holiday',
  '2030-08-26': 'Summer bank holiday',
  '2030-12-25': 'Christmas Day',
  '2030-12-26': 'Boxing Day',
};

/** The bank holidays from `from` to `to` (inclusive), in date order. */
export function bankHolidaysBetween(from: string, to: string): { date: string; name: string }[] {
  return Object.entries(bankHolidays)
    .filter(([date]) => date >= from && date <= to)
    .map(([date, name]) => ({ date, name }));
}
