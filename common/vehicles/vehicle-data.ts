/**
 * What the product learns of a vehicle from outside (server/vehicles): its make, colour, year and
 * fuel as the DVLA registered it (GET /api/vehicles/lookup), and its latest MOT test as the
 * DVSA's MOT history gives it. Plain types and words only: the public pages import this module.
 */

/** GET /api/vehicles/lookup's answer: the DVLA's record, its words as people write them ("Ford"). */
export type RegisteredVehicle = {
  registration: string;
  make: string;
  colour: string | null;
  yearOfManufacture: number | null;
  fuelType: string | null;
  /** YYYY-MM-DD, or null where the DVLA holds none (a vehicle too new for an MOT, or untested). */
  motExpiryDate: string | null;
};

export const vehicleNotFoundMessage = 'We could not find that registration';

/** Any failure but "not found": the customer types the vehicle as before. */
export const vehicleLookupUnavailableMessage =
  'We cannot look vehicles up just now: please type the make and model.';

/** Told when the DVLA is not set up, or staff turned the filling off. */
export const vehicleLookupOffMessage = 'Vehicles are not looked up here: please type the make and model.';

/** One item of an MOT test that names a tyre, as the DVSA words it. */
export type MotTyreItem = {
  /** The DVSA's kind of item, in lower case: advisory, minor, major, dangerous, fail, prs, user entered. */
  type: string;
  text: string;
  dangerous: boolean;
};

/** The latest MOT test of a vehicle as kept (vehicles.mot_test), with its items that name a tyre. */
export type MotTest = {
  /** The London day it was completed, YYYY-MM-DD. */
  date: string;
  result: 'passed' | 'failed';
  /** YYYY-MM-DD for a pass; null for a failure. */
  expiry: string | null;
  /** The DVSA's number of the test, where it gives one. */
  number: string | null;
  tyreItems: MotTyreItem[];
};

/** Whether a kept MOT test asks for tyres to be seen to (an advisory or defect naming a tyre). */
export const hasTyreItems = (test: MotTest | null | undefined) => (test?.tyreItems.length ?? 0) > 0;

/** "Blue Ford, 2019, petrol": what the form shows under the vehicle it filled from the DVLA. */
export function registeredVehicleLine({
  make,
  colour,
  yearOfManufacture,
  fuelType,
}: RegisteredVehicle): string {
  return [colour ? `${colour} ${make}` : make, yearOfManufacture, fuelType?.toLowerCase()]
    .filter(Boolean)
    .join(', ');
}
