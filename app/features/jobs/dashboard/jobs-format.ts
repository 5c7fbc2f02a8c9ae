import { dayText } from '#common/bookings/booking.ts';
import type { Job, JobStatus } from '#common/jobs/jobs.ts';
import { shortDayYearText } from '#common/time/formats.ts';

/** "Tuesday 24 November 2026": a calendar date as the booking pages write it. */
export const formatJobDate = dayText;

/** "Tue 24 Nov 2026", for a vehicle's visits. */
export const formatShortJobDate = shortDayYearText;

/** "08:00–10:00". */
export const formatWindow = ({ start, end }: { start: string; end: string }) => `${start}–${end}`;

/** "DOT 2324 (week 23, 2024)": the date code as moulded on the sidewall, and what it means. */
export function formatDot(dot: string): string {
  const match = /^(\d{2})(\d{2})$/.exec(dot);
  if (!match) return `DOT ${dot}`;
  return `DOT ${dot} (week ${Number(match[1])}, 20${match[2]})`;
}

/**
 * How worn a removed tyre was: the legal minimum for a car is 1.6 mm across the central three
 * quarters of the tread, and 3 mm is where most fitters and insurers advise replacing.
 */
type TreadLevel = 'good' | 'low' | 'legal-limit';

const treadLowMm = 3;
export const treadLegalMinimumMm = 1.6;

export function treadLevel(mm: number): TreadLevel {
  if (mm <= treadLegalMinimumMm) return 'legal-limit';
  if (mm <= treadLowMm) return 'low';
  return 'good';
}

/** "2.5 mm", one decimal place at most. */
export const formatTread = (mm: number) => `${mm.toLocaleString('en-GB', { maximumFractionDigits: 1 })} mm`;

/** The badge of each job status: grey waiting, blue moving, green done, red not done. */
export const jobStatusBadgeClass: Record<JobStatus, string> = {
  scheduled: 'bg-slate-100 text-slate-700',
  'on-the-way': 'bg-sky-100 text-sky-900',
  arrived: 'bg-amber-100 text-amber-900',
  completed: 'bg-brand-light text-brand-dark',
  'not-completed': 'bg-red-100 text-red-800',
};

/** The left border of a job's card, in the badge's colour. */
export const jobStatusBorderClass: Record<JobStatus, string> = {
  scheduled: 'border-l-slate-300',
  'on-the-way': 'border-l-sky-600',
  arrived: 'border-l-accent',
  completed: 'border-l-brand',
  'not-completed': 'border-l-red-700',
};

export const unassignedGroupName = 'Not given to a fitter';

export type FitterGroup = { key: string; name: string; jobs: Job[] };

/**
 * The day's jobs by fitter, fitters by name and the jobs not given to anyone last; each group
 * keeps the API's window order.
 */
export function jobsByFitter(jobs: readonly Job[]): FitterGroup[] {
  const groups = new Map<string, FitterGroup>();
  for (const job of jobs) {
    const key = job.fitter ? `fitter-${job.fitter.id}` : 'unassigned';
    const group = groups.get(key) ?? { key, name: job.fitter?.name ?? unassignedGroupName, jobs: [] };
    group.jobs.push(job);
    groups.set(key, group);
  }
  return [...groups.values()].sort((a, b) => {
    if (a.key === 'unassigned' || b.key === 'unassigned') return a.key === 'unassigned' ? 1 : -1;
    return a.name.localeCompare(b.name, 'en-GB');
  });
}

/** An invoice's or credit note's PDF; without a number, the job's invoice. */
export const invoicePdfPath = (jobId: number, number?: string) =>
  `/api/jobs/${jobId}/invoice.pdf${number ? `?${new URLSearchParams({ number })}` : ''}`;

/** "tel:07700900123" from the number as the customer typed it. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
