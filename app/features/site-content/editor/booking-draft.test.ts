import { describe, expect, it } from 'vitest';
import { bookingSettingsOf } from '#common/bookings/settings.ts';
import { makeContent } from '#tests/support/site-content.ts';
import {
  bankHolidaysAhead,
  bookingInStep,
  editableContent,
  nextWindow,
  weekSummary,
  withBankHoliday,
} from './booking-draft.ts';
import { setIn } from './draft-state.ts';

/** The seed with booking settings of its own (the defaults, written out), changed by `change`. */
const withOwnBooking = (change: (content: ReturnType<typeof makeContent>) => void = () => {}) =>
  makeContent((content) => {
    content.booking = bookingSettingsOf(content);
    change(content);
  });

const keysOf = (content: ReturnType<typeof makeContent>) =>
  content.booking?.locations.map((location) => location.key);

describe('the content as the editor edits it', () => {
  it('writes out the booking settings in force when the site has none yet', () => {
    const content = makeContent();
    const editable = editableContent(content);
    expect(editable.booking).toEqual(bookingSettingsOf(content));
    expect(editable.booking?.horizonDays).toBe(21);
    expect(editable.booking?.noticeHours).toBe(4);
    expect(keysOf(editable)).toEqual(['mobile', 'harold-hill', 'upminster']);
    expect(editable.branches).toBe(content.branches);
  });

  it('is the same object when the settings are complete', () => {
    const content = withOwnBooking();
    expect(editableContent(content)).toBe(content);
  });

  it('writes out the MOT testing and servicing of branches published without them, keeping the rest', () => {
    const content = withOwnBooking((changed) => {
      for (const location of changed.booking!.locations) delete location.services;
      changed.booking!.locations[1]!.enabled = false;
    });
    const editable = editableContent(content);
    const inForce = bookingSettingsOf(makeContent()).locations;
    expect(editable.booking?.locations.map((location) => location.services)).toEqual([
      undefined,
      inForce[1]!.services,
      inForce[2]!.services,
    ]);
    expect(editable.booking?.locations[1]?.enabled).toBe(false);
    expect(editableContent(editable)).toBe(editable);
  });

  it('adds a location missing from published settings', () => {
    const content = withOwnBooking((changed) => changed.booking!.locations.pop());
    expect(keysOf(editableContent(content))).toEqual(['mobile', 'harold-hill', 'upminster']);
  });
});

describe('booking locations after an edit', () => {
  const branchEdit = (
    content: ReturnType<typeof makeContent>,
    change: (branches: typeof content.branches) => void,
  ) => {
    const branches = structuredClone(content.branches);
    change(branches);
    return { ...content, branches };
  };

  it('follow the branches added, removed and moved, keeping each location’s own settings', () => {
    const published = withOwnBooking();
    const draft = setIn(published, ['booking', 'locations', 2, 'enabled'], false);
    const added = bookingInStep(
      branchEdit(draft, (branches) => branches.push({ ...branches[0]!, key: 'romford', name: 'Romford' })),
      draft,
      published,
    );
    expect(keysOf(added)).toEqual(['mobile', 'harold-hill', 'upminster', 'romford']);
    expect(added.booking?.locations[2]?.enabled).toBe(false);
    expect(added.booking?.locations[3]?.week).toEqual(added.booking?.locations[1]?.week);

    const moved = bookingInStep(
      branchEdit(added, (branches) => branches.reverse()),
      added,
      published,
    );
    expect(keysOf(moved)).toEqual(['mobile', 'romford', 'upminster', 'harold-hill']);
    expect(moved.booking?.locations[2]).toBe(added.booking?.locations[2]);

    const removed = bookingInStep(
      branchEdit(moved, (branches) => branches.splice(1, 1)),
      moved,
      published,
    );
    expect(keysOf(removed)).toEqual(['mobile', 'romford', 'harold-hill']);
  });

  it('are left alone by edits elsewhere', () => {
    const published = withOwnBooking();
    const edited = setIn(published, ['business', 'companyName'], 'Anytown Tyres');
    expect(bookingInStep(edited, published, published)).toBe(edited);
  });

  it('follow the opening hours while on the defaults of a site that never published its own', () => {
    const published = makeContent();
    const draft = editableContent(published);
    const saturday = ['branches', 1, 'hours', 'saturday'];
    const edited = bookingInStep(
      setIn(draft, saturday, { closed: true, opens: '09:00', closes: '14:00' }),
      draft,
      published,
    );
    expect(edited.booking?.locations[2]?.week.saturday).toEqual([]);
    // Mobile fitting follows the first branch, which did not change.
    expect(edited.booking?.locations[0]).toBe(draft.booking?.locations[0]);

    // A location staff changed keeps its windows.
    const changed = setIn(draft, ['booking', 'locations', 2, 'week', 'monday', 0, 'places'], 5);
    const kept = bookingInStep(
      setIn(changed, saturday, { closed: true, opens: '09:00', closes: '14:00' }),
      changed,
      published,
    );
    expect(kept.booking?.locations[2]?.week.saturday).toHaveLength(3);
  });

  it('do not follow the opening hours once the site has published its own', () => {
    const published = withOwnBooking();
    const edited = bookingInStep(
      setIn(published, ['branches', 1, 'hours', 'saturday', 'closed'], true),
      published,
      published,
    );
    expect(edited.booking).toBe(published.booking);
  });

  it('follow the opening hours of a branch added since', () => {
    const published = withOwnBooking();
    const added = bookingInStep(
      setIn(published, ['branches', 2], { ...published.branches[0]!, key: 'romford', name: 'Romford' }),
      published,
      published,
    );
    const edited = bookingInStep(
      setIn(added, ['branches', 2, 'hours', 'saturday', 'closed'], true),
      added,
      published,
    );
    expect(edited.booking?.locations[3]?.week.saturday).toEqual([]);
    expect(edited.booking?.locations[1]).toBe(published.booking?.locations[1]);
  });
});

describe('editing windows and dates', () => {
  it('adds a window after the last, with as many jobs', () => {
    expect(nextWindow([])).toEqual({ start: '08:00', end: '10:00', places: 2 });
    expect(nextWindow([{ start: '09:00', end: '12:30', places: 4 }])).toEqual({
      start: '12:30',
      end: '14:30',
      places: 4,
    });
    expect(nextWindow([{ start: '20:00', end: '23:00', places: 1 }]).end).toBe('23:59');
  });

  it('ticks and unticks a bank holiday, keeping the dates in order', () => {
    expect(withBankHoliday(['2026-12-25'], '2026-08-31', true)).toEqual(['2026-08-31', '2026-12-25']);
    expect(withBankHoliday(['2026-08-31', '2026-12-25'], '2026-08-31', false)).toEqual(['2026-12-25']);
    expect(withBankHoliday(['2026-08-31'], '2026-08-31', true)).toEqual(['2026-08-31']);
  });

  it('lists the bank holidays of the two years from today', () => {
    const ahead = bankHolidaysAhead('2026-04-04');
    expect(ahead[0]).toEqual({ date: '2026-04-06', name: 'Easter Monday' });
    expect(ahead.at(-1)).toEqual({ date: '2028-01-03', name: 'New Year’s Day (substitute day)' });
    expect(bankHolidaysAhead('2026-04-03')[0]?.name).toBe('Good Friday');
  });

  it('sums up a week', () => {
    const week = bookingSettingsOf(makeContent()).locations[0]!.week;
    expect(weekSummary(week)).toBe('29 windows on 6 days');
    expect(
      weekSummary({
        ...week,
        monday: week.monday.slice(0, 1),
        tuesday: [],
        wednesday: [],
        thursday: [],
        friday: [],
        saturday: [],
      }),
    ).toBe('1 window on 1 day');
    expect(
      weekSummary({
        ...week,
        monday: [],
        saturday: [],
        tuesday: [],
        wednesday: [],
        thursday: [],
        friday: [],
      }),
    ).toBe('No windows');
  });
});
