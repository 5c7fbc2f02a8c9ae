import { useSearchParams } from 'react-router';
import type { StaffRole } from '#common/accounts/accounts.ts';
import { isRegistration, normaliseRegistration } from '#common/vehicles/registration.ts';
import { londonDate } from '#common/time/london.ts';
import { isCalendarDate } from '#common/time/week.ts';

export type JobsPart = 'day' | 'vehicle' | 'takings';

/** The parts of the Jobs section a role may open: takings are an owner's alone. */
export const jobsPartsFor = (role: StaffRole): readonly JobsPart[] =>
  role === 'owner' ? ['day', 'vehicle', 'takings'] : ['day', 'vehicle'];

/**
 * The part, the day and the vehicle sit in the address (`?date=2026-11-24`, `?vehicle=AB12CDE`,
 * `?part=takings`), so that a reload or a link opens the same page: the diary's booking cards link
 * to `?vehicle=`, which opens that vehicle's history. Today (London) when the address gives no
 * usable date.
 */
export function useJobsPlace(role: StaffRole) {
  const [params, setParams] = useSearchParams();
  const today = londonDate(new Date());
  const askedDate = params.get('date') ?? '';
  const vehicle = params.get('vehicle') ?? '';
  const implied: JobsPart = vehicle ? 'vehicle' : 'day';
  const askedPart = params.get('part');
  const part = jobsPartsFor(role).find((entry) => entry === askedPart) ?? implied;
  const place = { part, date: isCalendarDate(askedDate) ? askedDate : today, vehicle };

  const go = (next: Partial<typeof place>) => {
    const { part: nextPart, date, vehicle: nextVehicle } = { ...place, ...next };
    const search = new URLSearchParams();
    if (nextPart !== (nextVehicle ? 'vehicle' : 'day')) search.set('part', nextPart);
    if (date !== today) search.set('date', date);
    if (nextVehicle) search.set('vehicle', nextVehicle);
    setParams(search, { replace: true, preventScrollReset: true });
  };
  /** The registration to look up, as stored; null when the address names none, or not a valid one. */
  const registration = vehicle && isRegistration(vehicle) ? normaliseRegistration(vehicle) : null;
  return { ...place, registration, today, go };
}
