/**
 * Whether an outside service (the DVLA, the DVSA, postcodes.io, OSRM) is set up, and how it last
 * answered, as the Settings tab shows it to staff.
 */
export type OutsideServiceStatus = {
  configured: boolean;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  /** Why it last failed, in words for staff (its status and message, never a customer's data). */
  lastFailure: string | null;
};
