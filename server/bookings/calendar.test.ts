import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { bookingCalendar, type CalendarEvent } from './calendar.ts';

function makeCalendarEvent(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    uid: 'booking-42@tyres.example',
    sequence: 0,
    status: 'confirmed',
    summary: 'Puncture Repair - Example Tyres',
    description: 'Reference ENQ-2603-0042. Ford Focus, AB12 CDE.',
    location: 'Unit 4, Example Trading Estate, Harold Hill, Romford RM3 0XX',
    date: '2026-11-25',
    start: '08:00',
    end: '10:00',
    organiser: { name: 'Example Tyres', email: 'bookings@tyres.example' },
    attendee: { name: 'Sam Patel', email: 'sam@example.com' },
    url: 'https://tyres.example/bookings/manage/Zm9vYmFy',
    stamp: new Date('2026-11-20T14:03:05Z'),
    ...overrides,
  };
}

/**
 * The attachment as a calendar reads it, with times in London taken from its own VTIMEZONE
 * (ical.js knows no time zones of its own).
 */
function read(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const vtimezone = calendar.getFirstSubcomponent('vtimezone');
  if (vtimezone) ICAL.TimezoneService.register(vtimezone);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const event = new ICAL.Event(vevent);
  return {
    method: calendar.getFirstPropertyValue('method'),
    timezones: calendar.getAllSubcomponents('vtimezone').map((zone) => zone.getFirstPropertyValue('tzid')),
    events: calendar.getAllSubcomponents('vevent').length,
    uid: event.uid,
    sequence: event.sequence,
    status: vevent.getFirstPropertyValue('status'),
    startTzid: vevent.getFirstProperty('dtstart')!.getParameter('tzid'),
    endTzid: vevent.getFirstProperty('dtend')!.getParameter('tzid'),
    startsAt: event.startDate.toJSDate().toISOString(),
    endsAt: event.endDate.toJSDate().toISOString(),
    stamp: (vevent.getFirstPropertyValue('dtstamp') as ICAL.Time).toJSDate().toISOString(),
    summary: event.summary,
    description: event.description,
    location: event.location,
    organiser: vevent.getFirstPropertyValue('organizer'),
    organiserName: vevent.getFirstProperty('organizer')!.getParameter('cn'),
    url: vevent.getFirstPropertyValue('url'),
    attendees: vevent
      .getAllProperties('attendee')
      // A URI's scheme is case-insensitive: ical-generator writes MAILTO: here.
      .map(
        (attendee) =>
          `${String(attendee.getParameter('cn'))} <${String(attendee.getFirstValue()).toLowerCase()}>`,
      ),
  };
}

afterEach(() => ICAL.TimezoneService.reset());

describe('the booking calendar attachment', () => {
  it('publishes a confirmed booking as one event in London time', () => {
    expect(ICAL.TimezoneService.has('Europe/London')).toBe(false);
    expect(read(bookingCalendar(makeCalendarEvent({ sequence: 3 })))).toEqual({
      method: 'PUBLISH',
      timezones: ['Europe/London'],
      events: 1,
      uid: 'booking-42@tyres.example',
      sequence: 3,
      status: 'CONFIRMED',
      startTzid: 'Europe/London',
      endTzid: 'Europe/London',
      startsAt: '2026-11-25T08:00:00.000Z',
      endsAt: '2026-11-25T10:00:00.000Z',
      stamp: '2026-11-20T14:03:05.000Z',
      summary: 'Puncture Repair - Example Tyres',
      description: 'Reference ENQ-2603-0042. Ford Focus, AB12 CDE.',
      location: 'Unit 4, Example Trading Estate, Harold Hill, Romford RM3 0XX',
      organiser: 'mailto:bookings@tyres.example',
      organiserName: 'Example Tyres',
      url: 'https://tyres.example/bookings/manage/Zm9vYmFy',
      attendees: [],
    });
  });

  it('cancels with the same UID, a higher sequence, STATUS:CANCELLED and the customer named', () => {
    const text = bookingCalendar(makeCalendarEvent({ status: 'cancelled', sequence: 4 }));
    expect(read(text)).toMatchObject({
      method: 'CANCEL',
      uid: 'booking-42@tyres.example',
      sequence: 4,
      status: 'CANCELLED',
      startsAt: '2026-11-25T08:00:00.000Z',
      organiser: 'mailto:bookings@tyres.example',
      attendees: ['Sam Patel <mailto:sam@example.com>'],
    });
    expect(text).toMatch(/\r\nMETHOD:CANCEL\r\n/);
    expect(text).toMatch(/\r\nSTATUS:CANCELLED\r\n/);
  });

  it('writes the window on London’s wall clock, with the VTIMEZONE that places it', () => {
    const text = bookingCalendar(makeCalendarEvent({ date: '2026-03-30', start: '08:00', end: '10:00' }));
    expect(text).toContain('\r\nDTSTART;TZID=Europe/London:20260330T080000\r\n');
    expect(text).toContain('\r\nDTEND;TZID=Europe/London:20260330T100000\r\n');
    expect(text).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:Europe/London\r\n');
    expect(text).toContain('\r\nDTSTAMP:20261120T140305Z\r\n');
    expect(text).not.toContain('X-WR-TIMEZONE');
  });

  it.each([
    [
      'in winter (GMT)',
      '2026-11-25',
      '08:00',
      '10:00',
      '2026-11-25T08:00:00.000Z',
      '2026-11-25T10:00:00.000Z',
    ],
    [
      'in summer (BST)',
      '2026-07-15',
      '08:00',
      '10:00',
      '2026-07-15T07:00:00.000Z',
      '2026-07-15T09:00:00.000Z',
    ],
    [
      'the day after spring’s change',
      '2026-03-30',
      '08:00',
      '10:00',
      '2026-03-30T07:00:00.000Z',
      '2026-03-30T09:00:00.000Z',
    ],
    [
      'on the day of spring’s change',
      '2027-03-28',
      '09:00',
      '11:00',
      '2027-03-28T08:00:00.000Z',
      '2027-03-28T10:00:00.000Z',
    ],
    [
      'the day before autumn’s change',
      '2026-10-24',
      '14:00',
      '16:00',
      '2026-10-24T13:00:00.000Z',
      '2026-10-24T15:00:00.000Z',
    ],
    [
      'on the day of autumn’s change',
      '2027-10-31',
      '10:00',
      '12:00',
      '2027-10-31T10:00:00.000Z',
      '2027-10-31T12:00:00.000Z',
    ],
    [
      'the day after autumn’s change',
      '2026-10-26',
      '08:00',
      '10:00',
      '2026-10-26T08:00:00.000Z',
      '2026-10-26T10:00:00.000Z',
    ],
  ])('starts and ends at the right instants %s', (_when, date, start, end, startsAt, endsAt) => {
    expect(read(bookingCalendar(makeCalendarEvent({ date, start, end })))).toMatchObject({
      startsAt,
      endsAt,
    });
  });

  it('is the same whatever time zone the server runs in', () => {
    const event = makeCalendarEvent({ date: '2026-03-30', start: '08:00', end: '10:00' });
    const serverZone = process.env.TZ;
    const texts = new Map<string, string>();
    try {
      for (const zone of ['UTC', 'Europe/London', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland']) {
        process.env.TZ = zone;
        texts.set(zone, bookingCalendar(event));
      }
    } finally {
      if (serverZone === undefined) delete process.env.TZ;
      else process.env.TZ = serverZone;
    }
    expect(new Set(texts.values()).size).toBe(1);
    expect(read(texts.get('Pacific/Auckland')!)).toMatchObject({
      startsAt: '2026-03-30T07:00:00.000Z',
      stamp: '2026-11-20T14:03:05.000Z',
    });
  });

  it('keeps text with commas, semicolons, newlines and other alphabets', () => {
    const description =
      'O’Brien, Flat 2; gate code\n1234 — £\nBring the locking wheel nut key, please; it is in the glovebox.';
    const location = 'Your address: RM3 0AB; O’Brien, Flat 2 — ask at the café';
    const summary = 'Tyre Replacement, 2 tyres; Müller & Söhne — Example Tyres';
    const text = bookingCalendar(makeCalendarEvent({ description, location, summary }));
    expect(read(text)).toMatchObject({ description, location, summary });
    expect(text).toContain('O’Brien\\, Flat 2\\; gate code\\n1234 — £');
  });

  it('folds its lines at 75 octets and ends every one with CRLF', () => {
    const text = bookingCalendar(
      makeCalendarEvent({
        // Multi-byte characters around where the lines fold must not be cut in two.
        description: `${'£'.repeat(50)} ${'€'.repeat(40)} ${'😀'.repeat(30)} ${'x'.repeat(200)}`,
        location: 'Your address: RM3 0AB',
      }),
    );
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    const lines = text.slice(0, -2).split('\r\n');
    expect(lines.length).toBeGreaterThan(20);
    for (const line of lines) {
      expect(line).not.toMatch(/[\r\n]/);
      expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    }
    expect(lines.filter((line) => line.startsWith(' ')).length).toBeGreaterThan(5);
    expect(read(text).description).toBe(
      `${'£'.repeat(50)} ${'€'.repeat(40)} ${'😀'.repeat(30)} ${'x'.repeat(200)}`,
    );
  });

  it('leaves out the URL when there is none', () => {
    const text = bookingCalendar(makeCalendarEvent({ url: undefined }));
    expect(text).not.toMatch(/\r\nURL[;:]/);
    expect(read(text).url).toBeNull();
  });
});
