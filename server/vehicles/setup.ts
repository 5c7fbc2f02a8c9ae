import type { BusinessSettings } from '#common/settings/domains.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { dvsaClient } from './dvsa.ts';
import { createVehicleLookup, type VehicleLookup } from './lookup.ts';
import { motChecks, type MotCheckDependencies, type MotChecks } from './mot-check.ts';
import type { VehicleServiceNotes } from './outside-answer.ts';

/**
 * Vehicle data from outside: the DVLA's look-up (null while DVLA_API_KEY is unset) and the DVSA's
 * MOT history (its checks answer 'off' while the DVSA_* credentials are unset), with the
 * business's settings that turn each use off.
 */
export type VehicleData = {
  lookup: VehicleLookup | null;
  mot: MotChecks;
  configured: { dvla: boolean; dvsa: boolean };
  settings: () => Promise<Pick<BusinessSettings, 'vehicles'>>;
  notes: VehicleServiceNotes;
};

export function vehicleData({
  config,
  db,
  logger,
  clock,
  settings,
  apply,
  notes,
  timeoutMs,
}: {
  config: Pick<Config, 'dvla' | 'dvsa'>;
  db: Database;
  logger: Logger;
  clock: () => Date;
  settings: () => Promise<Pick<BusinessSettings, 'vehicles'>>;
  apply: MotCheckDependencies['apply'];
  notes: VehicleServiceNotes;
  /** How long either service is waited for (tests shorten it). */
  timeoutMs?: number;
}): VehicleData {
  const dvsa = config.dvsa ? dvsaClient(config.dvsa, { now: clock, ...(timeoutMs && { timeoutMs }) }) : null;
  return {
    lookup: config.dvla
      ? createVehicleLookup({ db, logger, clock, dvla: config.dvla, notes, timeoutMs })
      : null,
    mot: motChecks({ db, logger, clock, dvsa, notes, settings, apply }),
    configured: { dvla: config.dvla !== null, dvsa: config.dvsa !== null },
    settings,
    notes,
  };
}
