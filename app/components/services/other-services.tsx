import { Link } from 'react-router';
import type { SiteImage } from '#common/images.ts';
import type { ServiceTeaser } from '../../lib/page-content.ts';
import { ArrowRightIcon } from '../ui/icons.tsx';

/**
 * Other Services You May Need (spec section 2, service detail page): up to three other services,
 * each with its picture (`images`, in the same order) unless that failed to load.
 */
export function OtherServices({
  others,
  images,
  failed,
}: {
  others: readonly ServiceTeaser[];
  images: readonly SiteImage[];
  /** Addresses of pictures that failed to load. */
  failed: ReadonlySet<string>;
}) {
  return (
    <section aria-labelledby="others-title" className="bg-slate-50">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <h2 id="others-title" className="text-2xl font-bold sm:text-3xl">
          Other Services You May Need
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {others.map((other, index) => {
            const image = images[index];
            return (
              <li
                key={other.slug}
                className="flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
              >
                {image && !failed.has(image.src) && (
                  <img
                    src={image.src}
                    srcSet={image.srcSet}
                    sizes="(min-width: 768px) 360px, 100vw"
                    width={800}
                    height={600}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="aspect-[4/3] w-full object-cover"
                  />
                )}
                <div className="flex flex-1 flex-col gap-2 p-5">
                  <h3 className="text-lg font-bold">{other.title}</h3>
                  <p className="flex-1 text-sm text-slate-600">{other.description}</p>
                  <Link
                    to={`/services/${other.slug}`}
                    className="inline-flex items-center gap-1.5 font-semibold text-brand-dark hover:text-ink"
                  >
                    Learn More <span className="sr-only">about {other.title}</span>
                    <ArrowRightIcon className="size-4" />
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
