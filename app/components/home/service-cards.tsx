import { Link } from 'react-router';
import { siteImage, type SiteImage, type UploadedSlotImages } from '#common/images.ts';
import type { ServiceTeaser } from '../../lib/page-content.ts';
import { ArrowRightIcon } from '../ui/icons.tsx';

export const noServicesText = 'No services available at the moment';

/** The home page's service cards (spec section 2, home section 2): the visible services, in order. */
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
          <ServiceCard service={service} image={siteImage(service.picture, images)} />
        </li>
      ))}
    </ul>
  );
}

function ServiceCard({ service, image }: { service: ServiceTeaser; image: SiteImage }) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg">
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes="(min-width: 1024px) 352px, (min-width: 640px) 50vw, 100vw"
        alt={image.alt}
        width={800}
        height={600}
        loading="lazy"
        decoding="async"
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-6">
        <h3 className="text-xl font-bold text-ink">{service.title}</h3>
        <p className="flex-1 text-slate-600">{service.description}</p>
        <Link
          to={`/services/${service.slug}`}
          className="inline-flex items-center gap-1.5 font-semibold text-brand-dark hover:text-ink"
        >
          Learn More <span className="sr-only">about {service.title}</span>
          <ArrowRightIcon className="size-4 transition group-hover:translate-x-0.5" />
        </Link>
      </div>
    </article>
  );
}
