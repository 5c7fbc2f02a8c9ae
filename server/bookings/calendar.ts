import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { londonTimeZone } from '#common/time/london.ts';

/**
 * The calendar attachment of the booking e-mails (RFC 5545): one event in London time, which the
 * customer's calendar adds, moves (a higher sequence under the same UID) or removes.
 */
export type CalendarEvent = {
  /** Stable for the booking, for example `booking-42@tyres.example`: later e-mails update the same event. */
  uid: string;
  /** Grows with each change sent, so that calendars apply the newest. */
  sequence: number;
  status: 'confirmed' | 'cancelled';
  /** For example "Puncture Repair - Example Tyres". */
  summary: string;
  /** Plain text; may hold newlines, commas and semicolons. */
  description: string;
  /** The branch's address, or "Your address: RM3 0AB". */
  location: string;
  /** The London date, YYYY-MM-DD, and the window's London wall-clock times, HH:MM. */
  date: string;
  start: string;
  end: string;
  organiser: { name: string; email: string };
  /**
   * The customer. Named in a cancellation, which must say whose place in the event it removes
   * (RFC 5546, 3.2.5); a published event names no attendees (3.2.1).
   */
  attendee: { name: string; email: string };
  /** The customer's page for the booking. */
  url?: string;
  /** When this version of the event was made (DTSTAMP). */
  stamp: Date;
};

/**
 * The event's date and time as ical-generator should write them. With a time zone on the event,
 * it writes a date's fields as the server's own clock reads them (`formatDate` uses `getHours`),
 * so an instant would come out shifted wherever the server does not run on London time. A
 * date-time without an offset is read on the server's clock too, so its fields come back as
 * written, whatever the server's zone (bar a time that zone's own clock change skips).
 */
const wallClock = (date: string, time: string) => `${date}T${time}:00`;

/**
 * The .ics text: METHOD:PUBLISH for a confirmed booking; METHOD:CANCEL with STATUS:CANCELLED for
 * a cancelled one. DTSTART and DTEND carry TZID=Europe/London, defined by a VTIMEZONE, so that
 * each calendar shows the window at the right hour in summer and in winter.
 */
export function bookingCalendar(event: CalendarEvent): string {
  const cancelled = event.status === 'cancelled';
  const calendar = ical({
    prodId: { company: event.organiser.name, product: 'Bookings', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
    // The VTIMEZONE of the event's zone, from the generator. The calendar itself has no zone: one
    // would make ical-generator write DTSTAMP in it, where RFC 5545 (3.8.7.2) requires UTC.
    timezone: { name: null, generator: getVtimezoneComponent },
  });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    stamp: event.stamp,
    timezone: londonTimeZone,
    start: wallClock(event.date, event.start),
    end: wallClock(event.date, event.end),
    summary: event.summary,
    description: event.description,
    location: event.location,
    organizer: event.organiser,
    attendees: cancelled ? [{ name: event.attendee.name, email: event.attendee.email }] : [],
    url: event.url ?? null,
  });
  // Every content line ends with CRLF, the last one too (RFC 5545, 3.1); ical-generator leaves it off.
  return `${calendar.toString()}\r\n`;
}
