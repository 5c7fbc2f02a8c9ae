import { services, type ServiceSummary } from '#common/services.ts';

/** The services listed on the home page and by GET /api/services. */
export async function listServices(): Promise<ServiceSummary[]> {
  return services.map((service) => ({ ...service }));
}
