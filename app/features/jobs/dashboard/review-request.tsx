import { useId } from 'react';
import type { Job } from '#common/jobs/jobs.ts';
import { Switch } from '#app/components/ui/switch.tsx';
import { messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { useReviewRequest } from './jobs-queries.ts';

/**
 * Whether the job's customer is asked for a review the day after it is done: on for every job,
 * as every customer is asked alike; the office may switch it off for one (a complaint in hand, a
 * customer who asked not to be contacted).
 */
export function ReviewRequest({ job }: { job: Pick<Job, 'id' | 'reviewRequest' | 'customer'> }) {
  const id = useId();
  const change = useReviewRequest(job.id);
  const checked = change.isPending && change.variables !== undefined ? change.variables : job.reviewRequest;
  return (
    <div className="flex items-center justify-between gap-3 text-sm">
      <span id={`${id}-label`} className="text-slate-700">
        Ask for a review the day after
      </span>
      <Switch
        checked={checked}
        aria-labelledby={`${id}-label`}
        aria-disabled={change.isPending}
        onCheckedChange={(ask) =>
          change.mutate(ask, {
            onSuccess: () =>
              toast({
                title: ask ? 'Review request on' : 'Review request off',
                description: ask
                  ? `${job.customer.name} is asked for a review the day after the job.`
                  : `${job.customer.name} is not asked for a review after this job.`,
              }),
            onError: (error) =>
              toast({ title: 'Not changed', description: messageOf(error), variant: 'destructive' }),
          })
        }
      />
    </div>
  );
}
