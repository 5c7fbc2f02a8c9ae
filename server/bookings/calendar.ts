import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { ICalCalendar, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { londonTimeZone } from '#common/booking-slots.ts';

/** One booking as a calendar entry (an attachment of the booking e-mails). */
export type CalendarEvent = {
  /** Stable per booking, so that a change or a cancellation updates the same entry. */
  uid: string;
  /** Grows with each change sent. */
  sequence: number;
  status: 'confirmed' | 'cancelled';
  summary: string;
  description: string;
  location: string;
  /** London date and wall-clock times of the window. */
  date: string;
  start: string;
  end: string;
  organiser: { name: string; email: string };
  /** The customer's manage link. */
  url?: string;
  stamp: Date;
};

/**
 * The iCalendar text of a booking: METHOD:PUBLISH for a booking, METHOD:CANCEL with
 * STATUS:CANCELLED for a cancelled one. Times are London times (TZID=Europe/London, with the
 * zone's VTIMEZONE), so calendars show the window the customer chose in any season.
 */
export function bookingCalendar(event: CalendarEvent): string {
  const cancelled = event.status === 'cancelled';
  const calendar = new ICalCalendar({
    prodId: { company: event.organiser.name, product: 'Bookings', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  calendar.timezone({ name: londonTimeZone, generator: getVtimezoneComponent });
  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    // With a time zone, the library writes a date-time text's own fields (the local clock of the
    // same text, read back): the window's London wall-clock times, whatever this machine's zone.
    start: `${event.date}T${event.start}:00`,
    end: `${event.date}T${event.end}:00`,
    timezone: londonTimeZone,
    stamp: event.stamp,
    summary: event.summary,
    description: event.description,
    location: event.location,
    organizer: { name: event.organiser.name, email: event.organiser.email },
    url: event.url ?? null,
  });
  return calendar.toString();
}
