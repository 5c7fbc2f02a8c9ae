import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { makeContent } from '#tests/support/site-content.ts';
import {
  bookingSettingsOf,
  bookingSettingsSchema,
  bookingWindowSchema,
  branchServiceWindows,
  defaultHorizonDays,
  defaultNoticeHours,
  windowsWithin,
  type BookingLocationSettings,
  type BookingSettings,
} from './settings.ts';
import { nestedFieldErrorsOf } from '#common/http/field-errors.ts';
import { bookingSettingsCheck } from './settings-check.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';

/** The site content with the booking settings beside it, as `bookingSettingsOf` takes them. */
const withBooking = (content: SiteContent): SiteContent & { booking?: BookingSettings } => content;

const open = (opens: string, closes: string) => ({ closed: false, opens, closes });
const twoJobs = (...windows: [string, string][]) =>
  windows.map(([start, end]) => ({ start, end, places: 2 }));

/** Settings as staff would publish them: mobile fitting and the seed's Harold Hill branch. */
function makePublished(content: SiteContent, overrides: Partial<BookingSettings> = {}): BookingSettings {
  const defaults = bookingSettingsOf({ branches: content.branches });
  return {
    ...defaults,
    horizonDays: 14,
    noticeHours: 24,
    locations: defaults.locations
      .filter((location) => location.key !== 'upminster')
      .map((location) => ({ ...location, week: { ...location.week, monday: twoJobs(['09:00', '12:00']) } })),
    closedDates: [{ date: '2026-12-24', location: '', note: 'Christmas Eve' }],
    openBankHolidays: ['2026-08-31'],
    ...overrides,
  };
}

describe('windows within opening hours', () => {
  it('are two hours long, two jobs each', () => {
    expect(windowsWithin(open('08:00', '16:00'))).toEqual(
      twoJobs(['08:00', '10:00'], ['10:00', '12:00'], ['12:00', '14:00'], ['14:00', '16:00']),
    );
  });

  it('end with a shorter window when the hours do not divide, if it is an hour or more', () => {
    expect(windowsWithin(open('09:00', '14:00'))).toEqual(
      twoJobs(['09:00', '11:00'], ['11:00', '13:00'], ['13:00', '14:00']),
    );
    expect(windowsWithin(open('09:00', '13:30'))).toEqual(twoJobs(['09:00', '11:00'], ['11:00', '13:00']));
    expect(windowsWithin(open('08:30', '12:15'))).toEqual(twoJobs(['08:30', '10:30'], ['10:30', '12:15']));
    expect(windowsWithin(open('09:00', '10:00'))).toEqual(twoJobs(['09:00', '10:00']));
  });

  it('are none on a closed day or in less than an hour', () => {
    expect(windowsWithin(open('09:00', '09:30'))).toEqual([]);
    expect(windowsWithin(open('09:00', '09:59'))).toEqual([]);
    expect(windowsWithin({ closed: true, opens: '09:00', closes: '17:00' })).toEqual([]);
    expect(windowsWithin({ closed: true, opens: '', closes: '' })).toEqual([]);
  });
});

describe('booking settings in force', () => {
  it('follow the branches’ opening hours before any are published', () => {
    const content = makeContent();
    const settings = bookingSettingsOf(content);
    expect(settings.horizonDays).toBe(defaultHorizonDays);
    expect(settings.noticeHours).toBe(defaultNoticeHours);
    expect([defaultHorizonDays, defaultNoticeHours]).toEqual([21, 4]);
    expect(settings.closedDates).toEqual([]);
    expect(settings.openBankHolidays).toEqual([]);
    expect(settings.locations.map(({ key, enabled }) => [key, enabled])).toEqual([
      ['mobile', true],
      ['harold-hill', true],
      ['upminster', true],
    ]);
    const [mobile, haroldHill, upminster] = settings.locations;
    const weekdayHours = twoJobs(
      ['08:00', '10:00'],
      ['10:00', '12:00'],
      ['12:00', '14:00'],
      ['14:00', '16:00'],
      ['16:00', '18:00'],
    );
    // Harold Hill: Monday to Friday 08:00-18:00, Saturday 08:00-16:00, Sunday 09:00-13:00.
    expect(haroldHill!.week).toEqual({
      monday: weekdayHours,
      tuesday: weekdayHours,
      wednesday: weekdayHours,
      thursday: weekdayHours,
      friday: weekdayHours,
      saturday: weekdayHours.slice(0, 4),
      sunday: twoJobs(['09:00', '11:00'], ['11:00', '13:00']),
    });
    // Mobile fitting: the first branch's hours, Monday to Saturday; Sunday by phone only.
    expect(mobile!.week).toEqual({ ...haroldHill!.week, sunday: [] });
    // Upminster: Monday to Friday 08:00-17:00, Saturday 09:00-14:00.
    expect(upminster!.week.monday).toEqual(
      twoJobs(
        ['08:00', '10:00'],
        ['10:00', '12:00'],
        ['12:00', '14:00'],
        ['14:00', '16:00'],
        ['16:00', '17:00'],
      ),
    );
    expect(upminster!.week.saturday).toEqual(
      twoJobs(['09:00', '11:00'], ['11:00', '13:00'], ['13:00', '14:00']),
    );
    expect(z.parse(bookingSettingsSchema, settings)).toEqual(settings);
  });

  it('give mobile fitting the first branch’s closed days', () => {
    const content = makeContent((content) => {
      content.branches[0]!.hours.wednesday = { closed: true, opens: '', closes: '' };
    });
    const [mobile] = bookingSettingsOf(content).locations;
    expect(mobile!.week.wednesday).toEqual([]);
    expect(mobile!.week.thursday).toHaveLength(5);
  });

  it('give mobile fitting 08:00-16:00 Monday to Saturday when there is no branch', () => {
    const [mobile, ...others] = bookingSettingsOf({ branches: [] }).locations;
    expect(others).toEqual([]);
    const day = twoJobs(['08:00', '10:00'], ['10:00', '12:00'], ['12:00', '14:00'], ['14:00', '16:00']);
    expect(mobile).toEqual({
      key: 'mobile',
      enabled: true,
      week: {
        monday: day,
        tuesday: day,
        wednesday: day,
        thursday: day,
        friday: day,
        saturday: day,
        sunday: [],
      },
    } satisfies BookingLocationSettings);
  });

  it('are those published', () => {
    const content = withBooking(makeContent());
    content.booking = makePublished(content);
    content.booking.locations[0]!.enabled = false;
    const settings = bookingSettingsOf(content);
    expect(settings.horizonDays).toBe(14);
    expect(settings.noticeHours).toBe(24);
    expect(settings.closedDates).toEqual([{ date: '2026-12-24', location: '', note: 'Christmas Eve' }]);
    expect(settings.openBankHolidays).toEqual(['2026-08-31']);
    expect(settings.locations[0]).toEqual(content.booking.locations[0]);
    expect(settings.locations[0]!.enabled).toBe(false);
    expect(settings.locations[1]!.week.monday).toEqual(twoJobs(['09:00', '12:00']));
  });

  it('start a branch added since from its opening hours', () => {
    const content = withBooking(makeContent());
    // Published before Upminster was added: only mobile fitting and Harold Hill have settings.
    content.booking = makePublished(content);
    const settings = bookingSettingsOf(content);
    expect(settings.locations.map((location) => location.key)).toEqual([
      'mobile',
      'harold-hill',
      'upminster',
    ]);
    expect(settings.locations[2]).toEqual(bookingSettingsOf({ branches: content.branches }).locations[2]);
    expect(settings.locations[1]!.week.monday).toEqual(twoJobs(['09:00', '12:00']));
  });

  it('leave out a removed branch, and keep the locations in the branches’ order', () => {
    const content = withBooking(makeContent());
    content.booking = makePublished(content);
    content.branches = content.branches.filter((branch) => branch.key !== 'harold-hill');
    const settings = bookingSettingsOf(content);
    expect(settings.locations.map((location) => location.key)).toEqual(['mobile', 'upminster']);
    // Mobile fitting keeps its published week, not the new first branch's hours.
    expect(settings.locations[0]!.week.monday).toEqual(twoJobs(['09:00', '12:00']));

    content.booking.locations.reverse();
    expect(bookingSettingsOf(content).locations.map((location) => location.key)).toEqual([
      'mobile',
      'upminster',
    ]);
  });
});

describe('a branch’s MOT testing and servicing', () => {
  const oneJob = (...windows: [string, string][]) =>
    windows.map(([start, end]) => ({ start, end, places: 1 }));

  it('default to hour-long MOT windows and four-hour servicing windows within its hours, one job each', () => {
    const [mobile, haroldHill, upminster] = bookingSettingsOf(makeContent()).locations;
    expect(mobile!.services).toBeUndefined();
    const { mot, servicing } = haroldHill!.services!;
    expect(mot.enabled).toBe(true);
    // Harold Hill: Monday to Friday 08:00-18:00, Saturday 08:00-16:00, Sunday 09:00-13:00.
    expect(mot.week.monday).toEqual(
      oneJob(
        ['08:00', '09:00'],
        ['09:00', '10:00'],
        ['10:00', '11:00'],
        ['11:00', '12:00'],
        ['12:00', '13:00'],
        ['13:00', '14:00'],
        ['14:00', '15:00'],
        ['15:00', '16:00'],
        ['16:00', '17:00'],
        ['17:00', '18:00'],
      ),
    );
    expect(mot.week.sunday).toEqual(
      oneJob(['09:00', '10:00'], ['10:00', '11:00'], ['11:00', '12:00'], ['12:00', '13:00']),
    );
    expect(servicing.enabled).toBe(true);
    expect(servicing.week.monday).toEqual(oneJob(['08:00', '12:00'], ['12:00', '16:00'], ['16:00', '18:00']));
    expect(servicing.week.saturday).toEqual(oneJob(['08:00', '12:00'], ['12:00', '16:00']));
    expect(servicing.week.sunday).toEqual(oneJob(['09:00', '13:00']));
    // Upminster: Monday to Friday 08:00-17:00; a last servicing window of an hour is no use.
    expect(upminster!.services!.servicing.week.monday).toEqual(
      oneJob(['08:00', '12:00'], ['12:00', '16:00']),
    );
    expect(upminster!.services!.mot.week.monday).toHaveLength(9);
  });

  it('never have more windows a day than the rules allow', () => {
    const windows = windowsWithin(open('06:00', '22:00'), branchServiceWindows.mot);
    expect(windows).toHaveLength(12);
    expect(windows.at(-1)).toEqual({ start: '17:00', end: '18:00', places: 1 });
  });

  it('are those published, and the defaults for settings published before they were bookable', () => {
    const content = withBooking(makeContent());
    content.booking = makePublished(content);
    const haroldHill = content.booking.locations[1]!;
    const defaults = haroldHill.services!;
    delete haroldHill.services;
    let settings = bookingSettingsOf(content);
    expect(settings.locations[1]!.services).toEqual(defaults);
    expect(settings.locations[1]!.week.monday).toEqual(twoJobs(['09:00', '12:00']));

    const own = structuredClone(defaults);
    own.mot = { enabled: false, week: { ...own.mot.week, monday: oneJob(['10:00', '11:00']) } };
    haroldHill.services = own;
    settings = bookingSettingsOf(content);
    expect(settings.locations[1]).toBe(haroldHill);
    expect(z.parse(bookingSettingsSchema, settings)).toEqual(settings);

    // A branch's settings need both.
    const { servicing: _servicing, ...motOnly } = own;
    const result = z.safeParse(bookingSettingsSchema, {
      ...settings,
      locations: [settings.locations[0], { ...haroldHill, services: motOnly }],
    });
    expect(result.success || Object.keys(nestedFieldErrorsOf(result.error))).toEqual([
      'locations.1.services.servicing',
    ]);
  });

  it('are checked by the windows’ rules and messages, at their own paths', () => {
    const settings = bookingSettingsOf(makeContent());
    const { mot, servicing } = settings.locations[1]!.services!;
    mot.week.monday = oneJob(['08:00', '09:00'], ['08:30', '09:30']);
    servicing.week.friday = [{ start: '12:00', end: '11:00', places: 51 }];
    const result = z.safeParse(bookingSettingsSchema, settings);
    expect(result.success || nestedFieldErrorsOf(result.error)).toEqual({
      'locations.1.services.mot.week.monday.1.start': ['Windows must be in order and must not overlap'],
      'locations.1.services.servicing.week.friday.0.places': ['At most 50 jobs'],
      'locations.1.services.servicing.week.friday.0.end': ['The window must end after it starts'],
    });
  });

  it('are never mobile fitting’s', () => {
    const settings = bookingSettingsOf(makeContent());
    settings.locations[0]!.services = settings.locations[1]!.services;
    const result = z.safeParse(bookingSettingsSchema, settings);
    expect(result.success || nestedFieldErrorsOf(result.error)).toEqual({
      'locations.0.services': ['MOT testing and servicing are booked at a branch only'],
    });
  });
});

describe('booking settings rules', () => {
  it('need each window to end after it starts, in order and without overlaps', () => {
    expect(
      z.safeParse(bookingWindowSchema, { start: '10:00', end: '10:00', places: 1 }).error?.issues,
    ).toMatchObject([{ path: ['end'], message: 'The window must end after it starts' }]);
    const settings = bookingSettingsOf(makeContent());
    settings.locations[0]!.week.monday = twoJobs(['08:00', '10:00'], ['09:00', '11:00']);
    settings.locations[0]!.week.tuesday = [{ start: '8:00', end: '10:00', places: 0 }];
    const result = z.safeParse(bookingSettingsSchema, settings);
    expect(result.success || nestedFieldErrorsOf(result.error)).toEqual({
      'locations.0.week.monday.1.start': ['Windows must be in order and must not overlap'],
      'locations.0.week.tuesday.0.start': ['Enter a time as HH:MM, for example 08:00'],
      'locations.0.week.tuesday.0.places': ['At least 1 job'],
    });
  });

  it('limit the horizon and the notice, and check closed dates', () => {
    const settings = {
      ...bookingSettingsOf(makeContent()),
      horizonDays: 91,
      noticeHours: -1,
      closedDates: [{ date: '2026-02-30' }],
      openBankHolidays: ['next Monday'],
    };
    const result = z.safeParse(bookingSettingsSchema, settings);
    expect(result.success || nestedFieldErrorsOf(result.error)).toEqual({
      horizonDays: ['At most 90 days'],
      noticeHours: ['Cannot be negative'],
      'closedDates.0.date': ['Enter a date as YYYY-MM-DD'],
      'openBankHolidays.0': ['Enter a date as YYYY-MM-DD'],
    });
  });

  it('read a closed date without a location as every location, and trim its note', () => {
    const settings = {
      ...bookingSettingsOf(makeContent()),
      closedDates: [{ date: '2026-12-24', note: '  Stocktake ' }],
    };
    expect(z.parse(bookingSettingsSchema, settings).closedDates).toEqual([
      { date: '2026-12-24', location: '', note: 'Stocktake' },
    ]);
  });
});

describe('the booking settings’ own check', () => {
  const errorsOf = (settings: BookingSettings, content: SiteContent) =>
    bookingSettingsCheck(settings, content).map(({ path, message }) => `${path.join('.')}: ${message}`);

  it('accepts mobile fitting and every branch, each once', () => {
    const content = makeContent();
    expect(errorsOf(bookingSettingsOf(content), content)).toEqual([]);
    expect(errorsOf(makePublished(content), content)).toEqual([]);
  });

  it('names only mobile fitting or a branch', () => {
    const content = makeContent();
    const settings = bookingSettingsOf(content);
    settings.locations[2]!.key = 'romford';
    expect(errorsOf(settings, content)).toEqual(['locations.2.key: No such branch']);
    settings.locations[2]!.key = 'Not A Key';
    const result = z.safeParse(bookingSettingsSchema, settings);
    expect(result.success ? [] : result.error.issues.map((issue) => issue.message)).toContain('Invalid key');
  });

  it('gives each place its times once', () => {
    const content = makeContent();
    const settings = bookingSettingsOf(content);
    settings.locations[2]!.key = settings.locations[1]!.key;
    expect(errorsOf(settings, content)).toEqual(['locations.2.key: This place already has its own times']);
  });
});
