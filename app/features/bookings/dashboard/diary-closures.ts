import { branchServices, type BookingSettings } from '#common/bookings/settings.ts';
import { closedDateOn, closure, windowsOn } from '#common/bookings/slots.ts';

/**
 * Why nothing can be booked on `date` at any place that takes bookings online, as the diary says
 * it ("Closed", "Closed: Christmas Day", "Closed: Staff training"), or null when a place has a
 * window that day. Null too when no place takes bookings online at all: the diary then says
 * nothing of days it cannot tell apart.
 */
export function dayClosure(settings: BookingSettings, date: string): string | null {
  const places = settings.locations.filter((location) => location.enabled);
  if (places.length === 0) return null;
  const services = ['', ...branchServices];
  const opens = places.some(({ key }) =>
    services.some((service) => windowsOn(settings, key, date, service).length > 0),
  );
  if (opens) return null;
  // Closed everywhere: a closed date's note (staff's own words) or a bank holiday's name, where
  // every place is closed for the same reason; otherwise no window falls on the day.
  const reasons = new Set(places.map(({ key }) => reasonOf(settings, key, date)));
  const [reason] = reasons;
  return reasons.size === 1 && reason ? `Closed: ${reason}` : 'Closed';
}

function reasonOf(settings: BookingSettings, location: string, date: string): string | null {
  const why = closure(settings, location, date);
  if (why !== 'closed') return why;
  return closedDateOn(settings, location, date)?.note || null;
}
