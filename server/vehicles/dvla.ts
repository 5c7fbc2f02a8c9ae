import type { RegisteredVehicle } from '#common/vehicles/vehicle-data.ts';
import type { Config } from '../config.ts';
import { answerOtherThanFound, outsideTimeoutMs, unreachable, type OutsideAnswer } from './outside-answer.ts';

/**
 * The DVLA's Vehicle Enquiry Service (VES): POST {DVLA_API_URL}/vehicle-enquiry/v1/vehicles with
 * the registration in the body (the DVLA keeps registrations out of addresses, and so out of
 * logs) and the key in `x-api-key`. It answers the make, colour, year, fuel and MOT expiry, never
 * the model. Its statuses: 200 found, 404 not found, 400 a registration it refuses, 429 too many
 * requests, 500 and 503 its own trouble; only 404 is the customer's to hear.
 */
export type DvlaAccess = NonNullable<Config['dvla']>;

/** The fields of the DVLA's answer the product reads (its `Vehicle` schema). */
type DvlaVehicle = {
  registrationNumber?: unknown;
  make?: unknown;
  colour?: unknown;
  yearOfManufacture?: unknown;
  fuelType?: unknown;
  motExpiryDate?: unknown;
};

/** Asks the DVLA about a registration as stored (AB12CDE). */
export async function askDvla(
  access: DvlaAccess,
  registration: string,
  { now, timeoutMs = outsideTimeoutMs }: { now: () => Date; timeoutMs?: number },
): Promise<OutsideAnswer<RegisteredVehicle>> {
  let response: Response;
  try {
    response = await fetch(new URL('/vehicle-enquiry/v1/vehicles', access.apiUrl), {
      method: 'POST',
      headers: { 'x-api-key': access.apiKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ registrationNumber: registration }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (response.status === 200) {
      const vehicle = registeredVehicleOf(registration, await response.json());
      return vehicle
        ? { kind: 'found', found: vehicle }
        : { kind: 'unavailable', reason: 'DVLA answered 200 without a make', pauseSeconds: null };
    }
  } catch (error) {
    return unreachable(error);
  }
  return answerOtherThanFound('DVLA', response, now());
}

/** The DVLA's answer as the product keeps and shows it, or null when it has no make. */
export function registeredVehicleOf(registration: string, answer: unknown): RegisteredVehicle | null {
  const vehicle = (typeof answer === 'object' && answer !== null ? answer : {}) as DvlaVehicle;
  const make = wordsOf(vehicle.make);
  if (!make) return null;
  const year = Number(vehicle.yearOfManufacture);
  const expiry = typeof vehicle.motExpiryDate === 'string' ? vehicle.motExpiryDate.slice(0, 10) : '';
  return {
    registration,
    make: titled(make),
    colour: wordsOf(vehicle.colour) && titled(wordsOf(vehicle.colour)!),
    yearOfManufacture: Number.isInteger(year) && year > 1880 ? year : null,
    fuelType: wordsOf(vehicle.fuelType) && titled(wordsOf(vehicle.fuelType)!),
    motExpiryDate: /^\d{4}-\d{2}-\d{2}$/.test(expiry) ? expiry : null,
  };
}

const wordsOf = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim().replace(/\s+/g, ' ') : null;

/** Makes the DVLA writes in capitals that people write so too. */
const initialisms = new Set(['BMW', 'MG', 'DS', 'DAF', 'LDV', 'MAN', 'ERF', 'LEVC', 'BYD', 'GWM']);

/** "LAND ROVER" as people write it, "Land Rover"; "BMW" stays. */
const titled = (words: string) =>
  words
    .split(' ')
    .map((word) =>
      initialisms.has(word.toUpperCase())
        ? word.toUpperCase()
        : word
            .toLowerCase()
            .replace(/(^|-)(\p{L})/gu, (_all, dash: string, letter: string) => dash + letter.toUpperCase()),
    )
    .join(' ');
