import { siteImage, type UploadedSlotImages } from '#common/images/images.ts';
import type { ServiceTeaser } from '#app/features/site-content/index.ts';
import { ServiceTeaserCard } from '#app/features/service-pages/index.ts';

export const noServicesText = 'No services available at the moment';

/** The home page's service cards (its second section): the visible services, in order. */
export function ServiceCards({
  services,
  images = {},
}: {
  services: readonly ServiceTeaser[];
  /** Uploaded pictures of the named slots; the others show the shipped ones. */
  images?: UploadedSlotImages;
}) {
  if (services.length === 0) {
    return <p className="rounded-xl bg-slate-50 p-8 text-center text-slate-600">{noServicesText}</p>;
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {services.map((service) => (
        <li key={service.slug}>
          <ServiceTeaserCard
            service={service}
            image={siteImage(service.picture, images)}
            sizes="(min-width: 1024px) 352px, (min-width: 640px) 50vw, 100vw"
          />
        </li>
      ))}
    </ul>
  );
}
