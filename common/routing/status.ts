import type { OutsideServiceStatus } from '#common/http/service-status.ts';

/**
 * Whether each of the routes' outside services is set up, and how it last answered, for staff
 * (GET /api/routes/status): postcodes.io places postcodes (always set up: its public address by
 * default), OSRM times the drives (only with OSRM_URL).
 */
export type RoutingServiceStatus = OutsideServiceStatus;

export type RoutingStatus = { postcodes: RoutingServiceStatus; osrm: RoutingServiceStatus };
