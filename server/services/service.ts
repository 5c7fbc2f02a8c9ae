import { siteImage } from '#common/images.ts';
import { services, type ServiceSummary } from '#common/services.ts';
import type { Database } from '../db/client.ts';
import { uploadedSlotImages } from '../images/service.ts';

/** The services listed on the home page and by GET /api/services, each with its current picture. */
export async function listServices(db: Database): Promise<ServiceSummary[]> {
  const uploaded = await uploadedSlotImages(db);
  return services.map((service) => ({ ...service, image: siteImage(service.slug, uploaded).src }));
}
