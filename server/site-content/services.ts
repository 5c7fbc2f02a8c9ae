import { siteImage, type UploadedSlotImages } from '#common/images/images.ts';
import { servicePictureName, type ServiceSummary } from '#common/site-content/services.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';

/**
 * The services listed by GET /api/services: those of the published content that are shown on
 * the site, in order (as the home page's cards, app/features/site-content/page-content.server.ts), each with its
 * current picture: the uploaded one of its slot (read once by the caller), else the shipped one.
 */
export function listServices(content: SiteContent, uploaded: UploadedSlotImages): ServiceSummary[] {
  return content.services
    .filter((service) => service.visible)
    .map((service) => ({
      id: service.slug,
      slug: service.slug,
      title: service.title,
      description: service.description,
      image: siteImage(servicePictureName(service.key), uploaded).src,
    }));
}
