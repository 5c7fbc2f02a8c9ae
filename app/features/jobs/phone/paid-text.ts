import { paidInFullText, paidStateOf } from '#common/jobs/invoice.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { formatPence } from '#common/util/money.ts';

/** What is paid of the job, as the fitter reads it at the kerb. */
export function paidText({ total, paid }: Pick<Job, 'total' | 'paid'>): string {
  const state = paidStateOf(total, paid);
  if (total === 0) return 'Nothing to pay';
  if (state.status === 'paid') return `${paidInFullText} (${formatPence(total)})`;
  if (state.status === 'part-paid') {
    return `${formatPence(state.duePence)} still due (${formatPence(paid)} paid of ${formatPence(total)})`;
  }
  return `${formatPence(total)} to pay`;
}
