import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { ResponsiveImage } from '#common/images/images.ts';
import { listText } from '#app/lib/list-text.ts';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import { PhoneIcon } from '#app/components/ui/icons.tsx';
import { BookLink } from '#app/components/ui/section.tsx';
import { TyreFinder } from '#app/features/tyres/size-finder/index.ts';
import type { TyreSize } from '#common/tyres/size.ts';

type LoadState = 'loading' | 'loaded' | 'failed';

/**
 * Hero banner (the home page's first section). The background image loads behind a dark gradient and a
 * Loading... spinner; once loaded it covers the banner; if it fails the gradient simply stays.
 * The tyre size finder comes straight after the title, so that a phone shows it without scrolling:
 * finding tyres is what most visitors come for.
 */
export function Hero({
  image,
  branchNames,
  tyreSizes,
}: {
  image: ResponsiveImage;
  branchNames: readonly string[];
  /** The sizes the catalogue offers; none when it could not be read, and the finder is a link. */
  tyreSizes: readonly TyreSize[];
}) {
  const site = useSiteSettings();
  const imageRef = useRef<HTMLImageElement>(null);
  const [state, setState] = useState<LoadState>('loading');

  // The image may finish before the page hydrates, when React's onLoad cannot see it.
  useEffect(() => {
    const element = imageRef.current;
    if (element?.complete) setState(element.naturalWidth > 0 ? 'loaded' : 'failed');
  }, []);

  return (
    <section className="relative isolate overflow-hidden bg-gradient-to-br from-ink via-slate-800 to-slate-900 text-white">
      <img
        ref={imageRef}
        src={image.src}
        srcSet={image.srcSet}
        sizes="100vw"
        width={image.width}
        height={image.height}
        alt=""
        fetchPriority="high"
        onLoad={() => setState('loaded')}
        onError={() => setState('failed')}
        className={`absolute inset-0 -z-10 size-full object-cover object-right transition-opacity duration-700 ${
          state === 'failed' ? 'hidden' : ''
        }`}
      />
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-ink via-ink/80 to-ink/10" />
      {state === 'loading' && (
        <div
          role="status"
          className="hero-spinner absolute bottom-4 right-4 flex items-center gap-2 text-xs text-slate-300"
        >
          <span
            className="size-4 animate-spin rounded-full border-2 border-slate-400 border-t-brand"
            aria-hidden="true"
          />
          Loading...
        </div>
      )}
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6 sm:py-20 lg:py-24">
        <p className="text-sm font-semibold uppercase tracking-widest text-brand">
          South Essex &amp; East London
        </p>
        <h1 className="mt-3 max-w-2xl text-4xl font-extrabold leading-tight sm:text-5xl lg:text-6xl">
          Mobile tyre fitting that comes to you
        </h1>
        <section
          aria-labelledby="hero-tyres"
          className="mt-6 max-w-3xl rounded-xl bg-white/10 p-4 ring-1 ring-white/20 backdrop-blur-sm sm:p-5"
        >
          {/* Part of the hero, not a section of the page's own: no heading. */}
          <p id="hero-tyres" className="text-lg font-bold">
            Find tyres by size, fitted at your home or work
          </p>
          {tyreSizes.length > 0 ? (
            <div className="mt-2">
              <TyreFinder sizes={tyreSizes} />
            </div>
          ) : (
            <Link
              to="/tyres"
              className="mt-2 inline-block font-semibold text-brand underline underline-offset-2"
            >
              Choose your tyre size
            </Link>
          )}
        </section>
        <p className="mt-6 max-w-xl text-lg text-slate-200">
          New tyres, puncture repairs and wheel care at your home, work or the roadside, plus MOTs and
          servicing at our {listText(branchNames)} {branchNames.length === 1 ? 'branch' : 'branches'}.
        </p>
        <div className="mt-8 flex flex-wrap gap-3">
          <BookLink>Book Now</BookLink>
          <a
            href={`tel:${site.phone}`}
            className="inline-flex items-center gap-2 rounded-lg border border-white/50 px-6 py-3 font-semibold transition hover:border-white hover:bg-white/10"
          >
            <PhoneIcon className="size-5" /> {site.formattedPhone}
          </a>
        </div>
      </div>
    </section>
  );
}
