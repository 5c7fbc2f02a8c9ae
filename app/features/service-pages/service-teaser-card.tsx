import { Link } from 'react-router';
import type { SiteImage } from '#common/images/images.ts';
import type { ServiceTeaser } from '#app/features/site-content/index.ts';
import { ArrowRightIcon } from '#app/components/ui/icons.tsx';

/**
 * A service's card: its picture, title, description and a link to its page. The home page's
 * service cards and the other services under a service page are both these; `compact` is the
 * smaller of the two.
 */
export function ServiceTeaserCard({
  service,
  image,
  alt = image?.alt ?? '',
  sizes,
  compact = false,
}: {
  service: ServiceTeaser;
  /** None when the picture failed to load. */
  image?: SiteImage;
  /** The picture's text alternative; its own by default. */
  alt?: string;
  /** The picture's `sizes`: the width the card takes at each screen width. */
  sizes: string;
  compact?: boolean;
}) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg">
      {image && (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={sizes}
          alt={alt}
          width={800}
          height={600}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full object-cover"
        />
      )}
      <div className={compact ? 'flex flex-1 flex-col gap-2 p-5' : 'flex flex-1 flex-col gap-3 p-6'}>
        <h3 className={compact ? 'text-lg font-bold text-ink' : 'text-xl font-bold text-ink'}>
          {service.title}
        </h3>
        <p className={compact ? 'flex-1 text-sm text-slate-600' : 'flex-1 text-slate-600'}>
          {service.description}
        </p>
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
