import { useId, useState, type FormEvent } from 'react';
import { isCalendarDate } from '#common/time/week.ts';
import { motExpiryMessage } from '#common/reminders/reminders.ts';
import { Button } from '#app/components/ui/button.tsx';
import { messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { formatJobDate } from './jobs-format.ts';
import { useSetMotExpiry } from './jobs-queries.ts';

/**
 * A vehicle's MOT expiry, as recorded by an MOT done here or set by staff, and a form to set it:
 * a new date schedules the vehicle's MOT reminders afresh (28 and 7 days before).
 */
export function MotExpiry({ registration, motExpiry }: { registration: string; motExpiry: string | null }) {
  const id = useId();
  const save = useSetMotExpiry(registration);
  const [date, setDate] = useState(motExpiry ?? '');
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isCalendarDate(date)) {
      setProblem(motExpiryMessage);
      return;
    }
    setProblem(undefined);
    save.mutate(date, {
      onSuccess: () =>
        toast({ title: 'MOT expiry saved', description: `The reminders follow ${formatJobDate(date)}.` }),
      onError: (error) => setProblem(messageOf(error)),
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="MOT expiry"
      className="flex flex-wrap items-end gap-x-4 gap-y-2 rounded-xl border border-slate-200 bg-white p-4"
    >
      <p className="min-w-48 flex-1 text-sm text-slate-700">
        <span className="block font-semibold text-ink">MOT expiry</span>
        {motExpiry ? `Runs out on ${formatJobDate(motExpiry)}` : 'Not known yet'}
      </p>
      <div className="grid gap-1">
        <label htmlFor={`${id}-date`} className="text-sm font-medium text-slate-700">
          New MOT expiry
        </label>
        <input
          id={`${id}-date`}
          type="date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
      <Button type="submit" variant="outline" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save MOT expiry'}
      </Button>
      {problem && (
        <p id={`${id}-problem`} role="alert" className="w-full text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </form>
  );
}
