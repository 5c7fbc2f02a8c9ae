import {
  driveFromText,
  milesText,
  savingText,
  type DayRoute,
  type DriveThere,
} from '#common/routing/day-route.ts';
import { driveMinutesText } from '#common/routing/day-route.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ClockIcon, MapPinIcon } from '#app/components/ui/icons.tsx';
import { messageOf } from '#app/lib/api.ts';
import { useRouteOrder } from './jobs-queries.ts';

/** "Driving in all: 45 min · 18.2 mi": a fitter's drive for the day, once any drive is known. */
export function RouteTotal({ route }: { route: DayRoute }) {
  if (!route.stops.some((stop) => stop.latitude !== null)) return null;
  return (
    <p className="flex items-center gap-1.5 text-sm text-slate-700">
      <ClockIcon className="size-4 shrink-0 text-slate-500" />
      <span>
        <span className="font-semibold text-ink">Driving in all:</span> {driveMinutesText(route.driveMinutes)}{' '}
        · {milesText(route.miles)}
      </span>
    </p>
  );
}

/** The drive to a job from the one before it (or the van's start), and when the van should arrive. */
export function JobDrive({ drive }: { drive: DriveThere }) {
  return (
    <p className="flex min-w-0 gap-1.5 text-slate-700">
      <ClockIcon className="mt-0.5 size-4 shrink-0 text-slate-500" />
      <span className="min-w-0">
        {driveFromText(drive)} · {milesText(drive.miles)} · arrives about {drive.arrival}
        {drive.late && <span className="font-semibold text-amber-800">, after its window</span>}
      </span>
    </p>
  );
}

/**
 * "Put in route order" (the office): the fitter's day re-ordered to drive least while keeping
 * every window, then what it saved; or why no order keeps every window.
 */
export function RouteOrder({ date, fitterId }: { date: string; fitterId: number }) {
  const order = useRouteOrder(date, fitterId);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <Button variant="outline" disabled={order.isPending} onClick={() => order.mutate()}>
        <MapPinIcon className="size-4" />
        {order.isPending ? 'Putting in route order…' : 'Put in route order'}
      </Button>
      <p role="status" className="text-sm font-semibold text-brand-dark empty:hidden">
        {order.isSuccess ? savingText(order.data.saving) : ''}
      </p>
      {order.isError && (
        <p role="alert" className="text-sm font-semibold text-red-800">
          {messageOf(order.error)}
        </p>
      )}
    </div>
  );
}
