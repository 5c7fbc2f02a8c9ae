import { useSearchParams } from 'react-router';
import { londonDate } from '#common/time/london.ts';
import { isCalendarDate } from '#common/time/week.ts';

/**
 * The day My jobs shows sits in the address (`/admin/jobs?date=2026-11-25`), as the dashboard's
 * diary and Jobs section keep theirs: a reload, the phone's kept page opened again or a link opens
 * the same day; today when the address names no usable date, so the bare address (the installed
 * app's start) is always today. A move replaces the address rather than adding to the history:
 * Back leaves My jobs instead of stepping back through every day tapped past, the day controls
 * being the way between days.
 */
export function useDayPlace() {
  const [params, setParams] = useSearchParams();
  const today = londonDate(new Date());
  const asked = params.get('date') ?? '';
  const date = isCalendarDate(asked) ? asked : today;
  const go = (next: string) => {
    const search = new URLSearchParams();
    if (next !== today) search.set('date', next);
    setParams(search, { replace: true, preventScrollReset: true });
  };
  return { date, today, go };
}
