import { z } from 'zod';
import { blankToUndefined, httpOrigin } from './config-values.ts';

/**
 * The configuration of vehicle data from outside (server/vehicles): the DVLA's Vehicle Enquiry
 * Service (DVLA_*) and the DVSA's MOT history (DVSA_*), each off until its keys are set. Part of
 * config.ts, which validates and documents them with the rest.
 */

export const vehicleDataVariables = {
  DVLA_API_KEY: z.preprocess(
    blankToUndefined,
    z.string().trim().min(8, 'must be the DVLA API key').optional(),
  ),
  DVLA_API_URL: z.preprocess(blankToUndefined, httpOrigin.optional()),
  DVSA_CLIENT_ID: z.preprocess(blankToUndefined, z.string().trim().min(1).optional()),
  DVSA_CLIENT_SECRET: z.preprocess(blankToUndefined, z.string().trim().min(1).optional()),
  DVSA_API_KEY: z.preprocess(
    blankToUndefined,
    z.string().trim().min(8, 'must be the DVSA API key').optional(),
  ),
  DVSA_TOKEN_URL: z.preprocess(
    blankToUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be the OAuth token URL the DVSA gave (https://…)' })
      .optional(),
  ),
  DVSA_API_URL: z.preprocess(blankToUndefined, httpOrigin.optional()),
};

type VehicleDataVariables = z.output<z.ZodObject<typeof vehicleDataVariables>>;

export type VehicleDataConfig = {
  /** The DVLA's Vehicle Enquiry Service, when its key is set (null: customers type the vehicle). */
  dvla: { apiKey: string; apiUrl: string } | null;
  /** The DVSA's MOT history API, when its four credentials are set (null: no MOT history read). */
  dvsa: { clientId: string; clientSecret: string; apiKey: string; tokenUrl: string; apiUrl: string } | null;
};

export function vehicleDataConfig(vars: VehicleDataVariables): VehicleDataConfig {
  return {
    dvla:
      vars.DVLA_API_KEY !== undefined
        ? {
            apiKey: vars.DVLA_API_KEY,
            apiUrl: vars.DVLA_API_URL ?? 'https://driver-vehicle-licensing.api.gov.uk',
          }
        : null,
    dvsa:
      vars.DVSA_CLIENT_ID !== undefined &&
      vars.DVSA_CLIENT_SECRET !== undefined &&
      vars.DVSA_API_KEY !== undefined &&
      vars.DVSA_TOKEN_URL !== undefined
        ? {
            clientId: vars.DVSA_CLIENT_ID,
            clientSecret: vars.DVSA_CLIENT_SECRET,
            apiKey: vars.DVSA_API_KEY,
            tokenUrl: vars.DVSA_TOKEN_URL,
            apiUrl: vars.DVSA_API_URL ?? 'https://history.mot.api.gov.uk',
          }
        : null,
  };
}
