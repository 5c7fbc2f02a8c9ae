// What the rest of the app may use of this feature: a vehicle looked up by its registration, its
// history (each visit shown as the caller's component) with its MOT expiry, and its plate.
export { RegistrationPlate } from './registration-plate.tsx';
export { VehicleHistoryResult } from './vehicle-history.tsx';
export { useVehicleDataStatus, vehicleQueryKey, vehiclesQueryKey } from './vehicle-queries.ts';
export { VehicleSearch } from './vehicle-search.tsx';
