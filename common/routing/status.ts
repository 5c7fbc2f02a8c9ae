/**
 * Whether each of the routes' outside services is set up, and how it last answered, for staff
 * (GET /api/routes/status): postcodes.io places postcodes, OSRM times the drives.
 */
export type RoutingServiceStatus = {
  /** postcodes.io always is (its public address by default); OSRM only with OSRM_URL. */
  configured: boolean;
  lastSuccessAt: string | null;
  lastFailureAt: string | null;
  lastFailure: string | null;
};

export type RoutingStatus = { postcodes: RoutingServiceStatus; osrm: RoutingServiceStatus };
