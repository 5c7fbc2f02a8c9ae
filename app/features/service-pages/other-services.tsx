import type { SiteImage } from '#common/images/images.ts';
import type { ServiceTeaser } from '#app/features/site-content/index.ts';
import { ServiceTeaserCard } from './service-teaser-card.tsx';

/**
 * Other Services You May Need, on a service page: up to three other services,
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
              <li key={other.slug}>
                <ServiceTeaserCard
                  service={other}
                  image={image && !failed.has(image.src) ? image : undefined}
                  // The title under it says what the picture is of.
                  alt=""
                  sizes="(min-width: 768px) 360px, 100vw"
                  compact
                />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
