import type { VehicleHistory } from '#common/jobs/jobs.ts';
import type { VehicleLookedUpAgain } from '#common/vehicles/vehicles.ts';
import { registeredVehicleLine } from '#common/vehicles/vehicle-data.ts';
import { dayText } from '#common/bookings/words.ts';
import { Button } from '#app/components/ui/button.tsx';
import { messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { useLookUpAgain } from './vehicle-queries.ts';

const sourceWords = {
  here: 'from an MOT done here',
  staff: 'set by hand',
  dvsa: 'from the MOT history (DVSA)',
} as const;

/** Where the MOT expiry shown came from, in words; a date kept before the source was is by hand. */
export const motExpirySourceText = (history: Pick<VehicleHistory, 'motExpiry' | 'motExpirySource'>) =>
  history.motExpiry ? sourceWords[history.motExpirySource ?? 'staff'] : null;

/** What a look-up again came to, for the toast. */
function lookedUpText({ dvla, motHistory }: VehicleLookedUpAgain): string {
  const registered = {
    found: 'DVLA: found.',
    'not-found': 'DVLA: no such registration.',
    unavailable: 'DVLA: not answering, try later.',
    off: 'DVLA: not set up.',
  }[dvla];
  const history = {
    read: 'MOT history: read.',
    recent: 'MOT history: read.',
    'not-found': 'MOT history: none for this registration.',
    unavailable: 'MOT history: not answering, try later.',
    off: 'MOT history: not set up or turned off.',
  }[motHistory];
  return `${registered} ${history}`;
}

/**
 * What the DVLA and the DVSA said of a vehicle: its registered make, colour, year and fuel, its
 * latest MOT test with the advisories and defects naming a tyre, and "Look up again" to ask both
 * afresh, whatever was kept.
 */
export function VehicleData({ history }: { history: VehicleHistory }) {
  const lookUp = useLookUpAgain(history.registration);
  const { registered, motTest } = history;
  const again = async () => {
    try {
      toast({ title: 'Looked up again', description: lookedUpText(await lookUp.mutateAsync()) });
    } catch (error) {
      toast({ title: 'Not looked up', description: messageOf(error), variant: 'destructive' });
    }
  };
  return (
    <section
      aria-label="Vehicle data"
      className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p>
          <span className="block font-semibold text-ink">Registered (DVLA)</span>
          {registered ? registeredVehicleLine(registered) : 'Not looked up'}
        </p>
        <Button type="button" variant="outline" disabled={lookUp.isPending} onClick={() => void again()}>
          {lookUp.isPending ? 'Looking up...' : 'Look up again'}
        </Button>
      </div>
      <div>
        <span className="block font-semibold text-ink">Latest MOT test (DVSA)</span>
        {motTest ? (
          <>
            <p>
              {motTest.result === 'passed' ? 'Passed' : 'Failed'} on {dayText(motTest.date)}
              {motTest.tyreItems.length === 0 && ', nothing about the tyres'}
            </p>
            {motTest.tyreItems.length > 0 && (
              <ul aria-label="Tyre items of the latest MOT test" className="mt-1 grid gap-1">
                {motTest.tyreItems.map((item, index) => (
                  <li
                    key={index}
                    className={item.dangerous || item.type !== 'advisory' ? 'text-red-800' : ''}
                  >
                    <span className="font-semibold capitalize">
                      {item.dangerous ? 'Dangerous' : item.type}:
                    </span>{' '}
                    {item.text}
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p>{history.motCheckedAt ? 'None: too new for an MOT, or not found' : 'Not read'}</p>
        )}
      </div>
    </section>
  );
}
