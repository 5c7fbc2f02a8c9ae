import { siteImage, type UploadedSlotImages } from '#common/images.ts';
import { services, type ServiceSummary } from '#common/services.ts';

/**
 * The services listed on the home page and by GET /api/services, each with its current picture:
 * the uploaded one of its slot (read once by the caller), else the shipped one.
 */
export function listServices(uploaded: UploadedSlotImages): ServiceSummary[] {
  return services.map((service) => ({ ...service, image: siteImage(service.slug, uploaded).src }));
}
