/**
 * The DVLA's and the DVSA's answers as they publish them, for the stand-ins and the contract tests.
 *
 * - DVLA: the Vehicle Enquiry API's OpenAPI specification (v1.2.0) and its test environment's mock
 *   responses (developer-portal.driver-vehicle-licensing.api.gov.uk/apis/vehicle-enquiry-service/
 *   mock-responses.html): the `Vehicle` of AA19AAA, and the `ErrorResponse` shape.
 * - DVSA: the MOT history API's specification (documentation.history.mot.api.gov.uk, "MOT history
 *   API", GET /v1/trade/vehicles/registration/{registration}): a vehicle with its MOT tests
 *   (`VehicleWithMotResponse`, completion as an instant and expiry as a day), a vehicle too new for
 *   a test (`NewRegVehicleResponse`, with `motTestDueDate`), and the 404 error (`ErrorResponse`,
 *   code MOTH-NP-01).
 */

import type { RegisteredVehicle } from '#common/vehicles/vehicle-data.ts';

export const dvlaVehicle = {
  registrationNumber: 'AA19AAA',
  artEndDate: '2025-03-30',
  co2Emissions: 300,
  engineCapacity: 2000,
  euroStatus: 'EURO1',
  markedForExport: false,
  fuelType: 'PETROL',
  motStatus: 'Valid',
  motExpiryDate: '2027-03-14',
  revenueWeight: 0,
  colour: 'RED',
  make: 'FORD',
  typeApproval: 'M1',
  yearOfManufacture: 2019,
  taxDueDate: '2027-05-01',
  taxStatus: 'Taxed',
  dateOfLastV5CIssued: '2019-05-20',
  wheelplan: '2 AXLE RIGID BODY',
  monthOfFirstDvlaRegistration: '2019-03',
  monthOfFirstRegistration: '2019-03',
  realDrivingEmissions: '1',
};

/** The DVLA's error answer for a status: `{ errors: [{ status, code, title, detail }] }`. */
export function dvlaError(status: number) {
  const titles: Record<number, string> = {
    400: 'Bad Request',
    404: 'Vehicle Not Found',
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    503: 'Service Unavailable',
  };
  return {
    errors: [
      {
        status: String(status),
        code: status === 404 ? '404' : `ENQ${status}`,
        title: titles[status] ?? 'Error',
        detail: status === 404 ? 'Record for vehicle not found' : titles[status],
      },
    ],
  };
}

/** A vehicle with MOT tests, newest first: a pass with a tyre advisory, and a failure before it. */
export const dvsaTestedVehicle = {
  registration: 'AB12CDE',
  make: 'FORD',
  model: 'FOCUS',
  firstUsedDate: '2010-11-13',
  fuelType: 'Petrol',
  primaryColour: 'Blue',
  registrationDate: '2010-11-13',
  manufactureDate: '2010-11-13',
  engineSize: '1800',
  hasOutstandingRecall: 'Unknown',
  motTests: [
    {
      completedDate: '2026-10-02T09:33:08.000Z',
      testResult: 'PASSED',
      expiryDate: '2027-10-01',
      odometerValue: '47125',
      odometerUnit: 'MI',
      odometerResultType: 'READ',
      motTestNumber: '914655760009',
      dataSource: 'DVSA',
      defects: [
        {
          text: 'Nearside Rear Tyre worn close to legal limit/worn on edge (5.2.3 (e))',
          type: 'ADVISORY',
          dangerous: false,
        },
        {
          text: 'Front brake disc worn, pitted or scored, but not seriously weakened (1.1.14 (a) (ii))',
          type: 'ADVISORY',
          dangerous: false,
        },
      ],
    },
    {
      completedDate: '2026-09-30T23:10:00.000Z',
      testResult: 'FAILED',
      odometerValue: '47110',
      odometerUnit: 'MI',
      odometerResultType: 'READ',
      motTestNumber: '914655760008',
      dataSource: 'DVSA',
      defects: [
        {
          text: 'Offside Front Tyre tread depth below requirements of 1.6mm (5.2.3 (e))',
          type: 'MAJOR',
          dangerous: false,
        },
      ],
    },
  ],
};

/** A vehicle too new for an MOT test: its first test's due date. */
export const dvsaNewVehicle = {
  registration: 'NE24WCR',
  make: 'KIA',
  model: 'NIRO',
  manufactureYear: '2024',
  fuelType: 'Electric',
  primaryColour: 'White',
  registrationDate: '2024-04-20',
  manufactureDate: '2024-04-01',
  motTestDueDate: '2027-04-19',
  hasOutstandingRecall: 'Unknown',
};

/** The DVSA's 404 for a registration it does not know. */
export const dvsaNotFound = (registration: string) => ({
  errorCode: 'MOTH-NP-01',
  errorMessage: `No data found for the provided registration ${registration}`,
  requestId: '6a4f6bbe-8d02-43e3-9c4e-4f1b0f6f3f52',
});

/**
 * The product's own answer (GET /api/vehicles/lookup) for AB12 CDE, as the forms' tests serve it:
 * the DVLA's record of a blue 2019 Ford in the words people write.
 */
export const blueFord: RegisteredVehicle = {
  registration: 'AB12CDE',
  make: 'Ford',
  colour: 'Blue',
  yearOfManufacture: 2019,
  fuelType: 'Petrol',
  motExpiryDate: '2027-10-01',
};
