import { driveText, type DriveThere } from '#common/routing/day-route.ts';
import { formatTime } from '#common/time/week.ts';
import { ClockIcon } from '#app/components/ui/icons.tsx';

/** "12 min drive · 4.1 mi", "Arrive about 9:05am": the drive to a job and when to be there. */
export function DriveLine({ drive }: { drive: DriveThere }) {
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-sm text-slate-700">
      <ClockIcon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
      <span>
        {drive.from.previous ? '' : `From ${drive.from.start}: `}
        {driveText(drive)}
      </span>
      <span className={drive.late ? 'font-semibold text-amber-800' : 'font-semibold text-ink'}>
        Arrive about {formatTime(drive.arrival)}
        {drive.late ? ', after the window' : ''}
      </span>
    </p>
  );
}
