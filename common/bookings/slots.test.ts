import { describe, expect, it } from 'vitest';
import { availabilityOf, bookableSlots, bookingOfferOf, closure, isBookableNow, slotAt } from './slots.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { datesOf, makeSettings, makeWeek, opening, startsOf } from '#tests/support/booking-settings.ts';

const at = (iso: string) => new Date(iso);

describe('bookable slots', () => {
  // Monday 1 June 2026, 06:00 BST.
  const monday = at('2026-06-01T05:00:00Z');

  it('are the windows of each open day, as instants', () => {
    const slots = bookableSlots(makeSettings(), 'mobile', '2026-06-02', 1, monday);
    expect(slots).toEqual([
      {
        date: '2026-06-02',
        start: '08:00',
        end: '10:00',
        places: 2,
        startsAt: at('2026-06-02T07:00:00Z'),
        endsAt: at('2026-06-02T09:00:00Z'),
      },
      {
        date: '2026-06-02',
        start: '10:00',
        end: '12:00',
        places: 2,
        startsAt: at('2026-06-02T09:00:00Z'),
        endsAt: at('2026-06-02T11:00:00Z'),
      },
    ]);
  });

  it('start at the notice boundary: exactly four hours ahead is bookable, a minute less is not', () => {
    // The 10:00 BST window starts 09:00Z, four hours after 06:00 BST.
    expect(startsOf(bookableSlots(makeSettings(), 'mobile', '2026-06-01', 1, monday))).toEqual([
      '2026-06-01 10:00',
    ]);
    const aMinuteLater = at('2026-06-01T05:01:00Z');
    expect(bookableSlots(makeSettings(), 'mobile', '2026-06-01', 1, aMinuteLater)).toEqual([]);
    expect(startsOf(bookableSlots(makeSettings(), 'mobile', '2026-06-01', 2, aMinuteLater))[0]).toBe(
      '2026-06-02 08:00',
    );
  });

  it('follow the notice hours set, none at all included', () => {
    expect(
      startsOf(bookableSlots(makeSettings({ noticeHours: 0 }), 'mobile', '2026-06-01', 1, monday)),
    ).toEqual(['2026-06-01 08:00', '2026-06-01 10:00']);
    const dayAhead = makeSettings({ noticeHours: 24 });
    expect(startsOf(bookableSlots(dayAhead, 'mobile', '2026-06-01', 2, monday))).toEqual([
      '2026-06-02 08:00',
      '2026-06-02 10:00',
    ]);
    expect(bookableSlots(dayAhead, 'mobile', '2026-06-01', 2, at('2026-06-01T07:00:01Z'))[0]?.start).toBe(
      '10:00',
    );
  });

  it('count notice in real hours across the clock changes', () => {
    const sundayAtHaroldHill = (noticeHours: number, now: Date) =>
      startsOf(bookableSlots(makeSettings({ noticeHours }), 'harold-hill', londonDate(now), 2, now));
    // Spring: from Saturday 08:00 GMT to Sunday 09:00 BST is 24 hours, not 25.
    const springSaturday = at('2026-03-28T08:00:00Z');
    expect(sundayAtHaroldHill(24, springSaturday)).toEqual(['2026-03-29 09:00', '2026-03-29 13:00']);
    expect(sundayAtHaroldHill(25, springSaturday)).toEqual(['2026-03-29 13:00']);
    // Autumn: from Saturday 08:00 BST to Sunday 09:00 GMT is 26 hours.
    const autumnSaturday = at('2026-10-24T07:00:00Z');
    expect(sundayAtHaroldHill(26, autumnSaturday)).toEqual(['2026-10-25 09:00', '2026-10-25 13:00']);
    expect(sundayAtHaroldHill(27, autumnSaturday)).toEqual(['2026-10-25 13:00']);
  });

  it('start and end at the right instants on and around the clock changes', () => {
    const instants = (from: string, now: Date) =>
      bookableSlots(makeSettings({ noticeHours: 0 }), 'harold-hill', from, 3, now)
        .filter((slot) => slot.start === '09:00')
        .map((slot) => [slot.date, slot.startsAt.toISOString(), slot.endsAt.toISOString()]);
    expect(instants('2026-03-28', at('2026-03-27T12:00:00Z'))).toEqual([
      ['2026-03-28', '2026-03-28T09:00:00.000Z', '2026-03-28T11:00:00.000Z'],
      ['2026-03-29', '2026-03-29T08:00:00.000Z', '2026-03-29T10:00:00.000Z'],
      ['2026-03-30', '2026-03-30T08:00:00.000Z', '2026-03-30T10:00:00.000Z'],
    ]);
    expect(instants('2027-10-30', at('2027-10-29T12:00:00Z'))).toEqual([
      ['2027-10-30', '2027-10-30T08:00:00.000Z', '2027-10-30T10:00:00.000Z'],
      ['2027-10-31', '2027-10-31T09:00:00.000Z', '2027-10-31T11:00:00.000Z'],
      ['2027-11-01', '2027-11-01T09:00:00.000Z', '2027-11-01T11:00:00.000Z'],
    ]);
  });

  it('last as long as the clock says, save a window across a change', () => {
    const overnight = makeSettings({
      noticeHours: 0,
      locations: [{ key: 'mobile', enabled: true, week: makeWeek([opening('00:00', '03:00')]) }],
    });
    const hours = (date: string) => {
      const [slot] = bookableSlots(overnight, 'mobile', date, 1, at(`${addDays(date, -1)}T12:00:00Z`));
      return (slot!.endsAt.getTime() - slot!.startsAt.getTime()) / 3_600_000;
    };
    expect(hours('2026-03-28')).toBe(3);
    expect(hours('2026-03-29')).toBe(2);
    expect(hours('2026-10-25')).toBe(4);
    expect(hours('2027-03-28')).toBe(2);
    expect(hours('2027-10-31')).toBe(4);
  });

  it('end on the last day of the horizon: today and 21 days after', () => {
    const dates = datesOf(bookableSlots(makeSettings(), 'harold-hill', '2026-06-01', 60, monday));
    expect(dates[0]).toBe('2026-06-01');
    expect(dates.at(-1)).toBe('2026-06-22');
    expect(dates).toHaveLength(22);
    expect(bookableSlots(makeSettings(), 'harold-hill', '2026-06-23', 7, monday)).toEqual([]);
    expect(
      datesOf(bookableSlots(makeSettings({ horizonDays: 1 }), 'harold-hill', '2026-06-01', 7, monday)),
    ).toEqual(['2026-06-01', '2026-06-02']);
  });

  it('count the horizon from today in London, not in UTC', () => {
    // 23:30 UTC on 1 June is already 2 June in London.
    const lateEvening = at('2026-06-01T23:30:00Z');
    const dates = datesOf(bookableSlots(makeSettings(), 'harold-hill', '2026-06-01', 60, lateEvening));
    expect(dates[0]).toBe('2026-06-02');
    expect(dates.at(-1)).toBe('2026-06-23');
  });

  it('cover the days asked for, no more', () => {
    expect(datesOf(bookableSlots(makeSettings(), 'harold-hill', '2026-06-03', 3, monday))).toEqual([
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
    ]);
    expect(bookableSlots(makeSettings(), 'harold-hill', '2026-06-03', 0, monday)).toEqual([]);
  });

  it('leave out the days of a past `from` and still end where asked', () => {
    // Wednesday 3 June 2026, 06:00 BST: a week asked for from Monday 1 June ends on Sunday 7 June.
    const wednesday = at('2026-06-03T05:00:00Z');
    expect(datesOf(bookableSlots(makeSettings(), 'harold-hill', '2026-06-01', 7, wednesday))).toEqual([
      '2026-06-03',
      '2026-06-04',
      '2026-06-05',
      '2026-06-06',
      '2026-06-07',
    ]);
    expect(bookableSlots(makeSettings(), 'harold-hill', '2026-06-01', 2, wednesday)).toEqual([]);
    expect(bookableSlots(makeSettings(), 'harold-hill', '2025-01-01', 7, wednesday)).toEqual([]);
  });

  it('leave out the days a location does not work', () => {
    // Mobile fitting has no Sunday windows: 7 June 2026 is a Sunday.
    expect(datesOf(bookableSlots(makeSettings(), 'mobile', '2026-06-05', 4, monday))).toEqual([
      '2026-06-05',
      '2026-06-06',
      '2026-06-08',
    ]);
  });

  it('are closed on a bank holiday unless the business opens on it', () => {
    // Monday 25 May 2026 is the Spring bank holiday.
    const before = at('2026-05-20T09:00:00Z');
    expect(datesOf(bookableSlots(makeSettings(), 'mobile', '2026-05-23', 4, before))).toEqual([
      '2026-05-23',
      '2026-05-26',
    ]);
    const open = makeSettings({ openBankHolidays: ['2026-05-25'] });
    expect(datesOf(bookableSlots(open, 'mobile', '2026-05-23', 4, before))).toEqual([
      '2026-05-23',
      '2026-05-25',
      '2026-05-26',
    ]);
  });

  it('are closed on a closed date, for every location or for one', () => {
    const everywhere = makeSettings({
      closedDates: [{ date: '2026-06-02', location: '', note: 'Staff training' }],
    });
    expect(bookableSlots(everywhere, 'mobile', '2026-06-02', 1, monday)).toEqual([]);
    expect(bookableSlots(everywhere, 'harold-hill', '2026-06-02', 1, monday)).toEqual([]);
    const oneBranch = makeSettings({
      closedDates: [{ date: '2026-06-02', location: 'harold-hill', note: '' }],
    });
    expect(bookableSlots(oneBranch, 'harold-hill', '2026-06-02', 1, monday)).toEqual([]);
    expect(bookableSlots(oneBranch, 'mobile', '2026-06-02', 1, monday)).toHaveLength(2);
    expect(datesOf(bookableSlots(oneBranch, 'harold-hill', '2026-06-01', 3, monday))).toEqual([
      '2026-06-01',
      '2026-06-03',
    ]);
  });

  it('are none at a disabled or unknown location', () => {
    expect(bookableSlots(makeSettings(), 'upminster', '2026-06-01', 7, monday)).toEqual([]);
    expect(bookableSlots(makeSettings(), 'nowhere', '2026-06-01', 7, monday)).toEqual([]);
  });
});

describe('one slot', () => {
  const monday = at('2026-06-01T05:00:00Z');

  it('is found by its date and start time', () => {
    expect(slotAt(makeSettings(), 'mobile', '2026-11-25', '08:00')).toEqual({
      date: '2026-11-25',
      start: '08:00',
      end: '10:00',
      places: 2,
      startsAt: at('2026-11-25T08:00:00Z'),
      endsAt: at('2026-11-25T10:00:00Z'),
    });
    expect(slotAt(makeSettings(), 'mobile', '2026-06-02', '09:00')).toBeNull();
    expect(slotAt(makeSettings(), 'mobile', '2026-06-07', '08:00')).toBeNull();
    expect(slotAt(makeSettings(), 'mobile', '2026-05-25', '08:00')).toBeNull();
    expect(slotAt(makeSettings(), 'upminster', '2026-06-02', '09:00')).toBeNull();
  });

  it('is bookable now when within the horizon and outside the notice period', () => {
    const settings = makeSettings();
    const slot = (date: string, start: string) => slotAt(settings, 'harold-hill', date, start)!;
    expect(isBookableNow(settings, slot('2026-06-01', '13:00'), monday)).toBe(true);
    // 09:00 BST is 08:00Z, three hours after 06:00 BST.
    expect(isBookableNow(settings, slot('2026-06-01', '09:00'), monday)).toBe(false);
    expect(isBookableNow(settings, slot('2026-06-01', '09:00'), at('2026-06-01T04:00:00Z'))).toBe(true);
    expect(isBookableNow(settings, slot('2026-06-22', '13:00'), monday)).toBe(true);
    expect(isBookableNow(settings, slot('2026-06-23', '09:00'), monday)).toBe(false);
    expect(isBookableNow(settings, slot('2026-05-31', '13:00'), monday)).toBe(false);
  });
});

describe('closures', () => {
  it('name why a location does not open on a date', () => {
    const settings = makeSettings({
      closedDates: [
        { date: '2026-06-02', location: '', note: '' },
        { date: '2026-06-03', location: 'mobile', note: '' },
        { date: '2026-12-25', location: '', note: '' },
      ],
      openBankHolidays: ['2026-12-25', '2026-08-31'],
    });
    expect(closure(settings, 'harold-hill', '2026-06-02')).toBe('closed');
    expect(closure(settings, 'mobile', '2026-06-03')).toBe('closed');
    expect(closure(settings, 'harold-hill', '2026-06-03')).toBeNull();
    expect(closure(settings, 'mobile', '2026-05-25')).toBe('Spring bank holiday');
    expect(closure(settings, 'mobile', '2026-08-31')).toBeNull();
    // A closed date wins over opening on the bank holiday.
    expect(closure(settings, 'mobile', '2026-12-25')).toBe('closed');
    expect(closure(settings, 'mobile', '2026-12-28')).toBe('Boxing Day (substitute day)');
  });
});

describe('availability', () => {
  const slots = bookableSlots(makeSettings(), 'mobile', '2026-06-02', 3, at('2026-06-01T05:00:00Z'));

  it('lists each day’s windows with the places left', () => {
    const taken = (date: string, start: string) => (date === '2026-06-02' && start === '08:00' ? 1 : 0);
    expect(availabilityOf(slots, taken)).toEqual([
      {
        date: '2026-06-02',
        windows: [
          { start: '08:00', end: '10:00', free: 1 },
          { start: '10:00', end: '12:00', free: 2 },
        ],
      },
      {
        date: '2026-06-03',
        windows: [
          { start: '08:00', end: '10:00', free: 2 },
          { start: '10:00', end: '12:00', free: 2 },
        ],
      },
      {
        date: '2026-06-04',
        windows: [
          { start: '08:00', end: '10:00', free: 2 },
          { start: '10:00', end: '12:00', free: 2 },
        ],
      },
    ]);
  });

  it('leaves out full windows, and days with none left', () => {
    const taken = (date: string, start: string) => {
      if (date === '2026-06-02') return 2;
      // More taken than places (the places were lowered after booking) is full too.
      if (date === '2026-06-03' && start === '10:00') return 3;
      return 0;
    };
    expect(availabilityOf(slots, taken)).toEqual([
      { date: '2026-06-03', windows: [{ start: '08:00', end: '10:00', free: 2 }] },
      {
        date: '2026-06-04',
        windows: [
          { start: '08:00', end: '10:00', free: 2 },
          { start: '10:00', end: '12:00', free: 2 },
        ],
      },
    ]);
    expect(availabilityOf(slots, () => 2)).toEqual([]);
    expect(availabilityOf([], () => 0)).toEqual([]);
  });
});

describe('what the public pages say of booking', () => {
  it('is where customers can book what and how far ahead, never the places or closed dates', () => {
    const settings = makeSettings({
      closedDates: [{ date: '2026-06-03', location: '', note: 'Dave at the dentist' }],
    });
    settings.locations[1]!.services = {
      mot: { enabled: true, week: makeWeek([opening('09:00', '10:00', 1)]) },
      servicing: { enabled: false, week: makeWeek([opening('08:00', '12:00', 1)]) },
    };
    const offer = bookingOfferOf(settings);
    expect(offer).toEqual({
      horizonDays: 21,
      noticeHours: 4,
      locations: ['mobile', 'harold-hill'],
      branchServices: { mot: ['harold-hill'], servicing: [] },
    });
    expect(JSON.stringify(offer)).not.toMatch(/places|dentist|09:00/);
  });
});
