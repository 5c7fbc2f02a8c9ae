// The moments `npm run test:calendar` runs the unit and database tests at, where dates go wrong:
// a month's last day, a year's last day, and each side of both UK clock changes. Instants in UTC;
// the UK changes its clocks at 01:00 UTC on the last Sundays of March and October.
//
// `database`: whether the database tests run there too, or the logic alone. Each pair either side
// of a clock change falls on the same London day, which is what the stored dates (slots, holds,
// references, invoices, reminders) hang on; the database tests run on the side where the new
// offset applies, and the logic, which works out hours and offsets, on both.
export const calendarMoments = [
  { instant: '2027-12-31T23:40:00Z', what: 'the last day of a year, late in the evening', database: true },
  { instant: '2027-03-28T00:40:00Z', what: 'before the clocks go forward (GMT)', database: false },
  { instant: '2027-03-28T01:20:00Z', what: 'after the clocks go forward (BST)', database: true },
  {
    instant: '2027-10-31T00:40:00Z',
    what: 'before the clocks go back (BST), on the last day of a month',
    database: false,
  },
  {
    instant: '2027-10-31T01:20:00Z',
    what: 'after the clocks go back (GMT), on the last day of a month',
    database: true,
  },
];
