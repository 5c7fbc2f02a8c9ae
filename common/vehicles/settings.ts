// zod/mini: the dashboard's Settings tab checks these as the API does.
import * as z from 'zod/mini';
import { fieldChanges } from '#common/util/field-changes.ts';
import type { OutsideServiceStatus } from '#common/http/service-status.ts';

/**
 * The vehicles' settings (the Settings tab's Vehicles; common/settings/domains.ts): what the
 * product takes from the DVLA and the DVSA. Each takes effect only while its service is set up
 * (DVLA_*, DVSA_*).
 */
export const vehicleSettingsSchema = z.object({
  /** The booking page and the enquiry form fill the vehicle from the DVLA as the registration is typed. */
  fillFromRegistration: z.boolean('Choose whether forms fill the vehicle in'),
  /** A booked vehicle's MOT expiry is read from its MOT history (never over a date staff set). */
  motFromHistory: z.boolean('Choose whether MOT expiries come from the MOT history'),
  /** A tyre advisory in a vehicle's latest MOT test schedules a tyre reminder, where the customer agreed. */
  tyreAdvisoryReminders: z.boolean('Choose whether MOT tyre advisories send tyre reminders'),
});

export type VehicleSettings = z.output<typeof vehicleSettingsSchema>;

export const defaultVehicleSettings: VehicleSettings = {
  fillFromRegistration: true,
  motFromHistory: true,
  tyreAdvisoryReminders: true,
};

/** What changed, in words, for the settings' history. */
export const vehicleSettingsChanges = (before: VehicleSettings, after: VehicleSettings) =>
  fieldChanges('Vehicles', before, after, {
    fillFromRegistration: 'fill the vehicle from the registration',
    motFromHistory: 'MOT expiry from the MOT history',
    tyreAdvisoryReminders: 'tyre reminders from MOT advisories',
  });

/** Whether each outside service is set up, and how it last answered (GET /api/vehicles/status). */
export type VehicleServiceStatus = OutsideServiceStatus;

export type VehicleDataStatus = { dvla: VehicleServiceStatus; dvsa: VehicleServiceStatus };
