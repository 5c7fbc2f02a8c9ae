import { memo } from 'react';
import type { VehicleDataStatus, VehicleServiceStatus, VehicleSettings } from '#common/vehicles/settings.ts';
import { CheckboxField } from '#app/components/editor/fields.tsx';

const when = (at: string) =>
  new Date(at).toLocaleString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

/** One outside service: set up or not, and when it last answered and last failed (with why). */
export function ServiceLine({
  name,
  status,
  variables,
}: {
  name: string;
  status: VehicleServiceStatus;
  variables: string;
}) {
  return (
    <li className="grid gap-0.5">
      <span className="font-semibold text-ink">
        {name}: {status.configured ? 'set up' : `not set up (set ${variables})`}
      </span>
      {status.configured && (
        <span>
          {status.lastSuccessAt ? `Last answered ${when(status.lastSuccessAt)}` : 'Not asked yet'}
          {status.lastFailureAt && (
            <>
              {'. '}
              <span className="text-red-800">
                Last failed {when(status.lastFailureAt)}: {status.lastFailure}
              </span>
            </>
          )}
        </span>
      )}
    </li>
  );
}

/** Whether the DVLA and the DVSA are set up, and how each last answered (GET /api/vehicles/status). */
export function VehicleServices({ status }: { status: VehicleDataStatus | undefined }) {
  if (!status) return null;
  return (
    <ul
      aria-label="Vehicle data services"
      className="grid gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-700"
    >
      <ServiceLine name="DVLA vehicle enquiry" status={status.dvla} variables="DVLA_API_KEY" />
      <ServiceLine
        name="DVSA MOT history"
        status={status.dvsa}
        variables="DVSA_CLIENT_ID, DVSA_CLIENT_SECRET, DVSA_API_KEY and DVSA_TOKEN_URL"
      />
    </ul>
  );
}

/** What the product takes from the DVLA and the DVSA, each use on or off. */
export const VehiclesSection = memo(function VehiclesSection({
  vehicles: shown,
}: {
  vehicles: VehicleSettings;
}) {
  return (
    <div className="grid gap-1">
      <CheckboxField
        path={['vehicles', 'fillFromRegistration']}
        checked={shown.fillFromRegistration}
        hint="The booking page and the enquiry form fill the make from the DVLA as the registration is typed; customers add the model."
      />
      <CheckboxField
        path={['vehicles', 'motFromHistory']}
        checked={shown.motFromHistory}
        hint="After a booking or a job, the vehicle’s MOT expiry is read from its MOT history. A date set by hand is never replaced."
      />
      <CheckboxField
        path={['vehicles', 'tyreAdvisoryReminders']}
        checked={shown.tyreAdvisoryReminders}
        hint="A tyre advisory or defect in the latest MOT test sends a tyre reminder, to customers who agreed to reminders."
      />
    </div>
  );
});
