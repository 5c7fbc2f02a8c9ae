import { buttonClass } from '#app/components/ui/button.tsx';
import { Link } from 'react-router';
import { siteImage, type SiteImage, type UploadedSlotImages } from '#common/images/images.ts';
import {
  type ServicePageContent,
  type ServiceTeaser,
  useSiteSettings,
} from '#app/features/site-content/index.ts';
import { useRenderedAfterHydration } from '#app/lib/hydration.ts';
import { usePreloadedImages } from '#app/lib/use-preloaded-images.ts';
import { AlertIcon, CheckIcon, ChevronLeftIcon, PhoneIcon } from '#app/components/ui/icons.tsx';
import { OtherServices } from './other-services.tsx';

type Props = {
  service: ServicePageContent;
  /** Up to three other visible services. */
  others: readonly ServiceTeaser[];
  /** The uploaded pictures of the named slots; the others show the shipped ones. */
  images: UploadedSlotImages;
};

/** A service page (/services/{slug}). */
export function ServiceDetailView({ service, others, images }: Props) {
  const image = siteImage(service.picture, images);
  const otherImages = others.map((other) => siteImage(other.picture, images));
  // Arriving by a client-side link, the page waits for its pictures; from the server it is ready.
  const navigatedHere = useRenderedAfterHydration();
  const preload = usePreloadedImages([image.src, ...otherImages.map((other) => other.src)], !navigatedHere);

  if (!preload.ready) {
    return (
      <div
        role="status"
        className="flex min-h-[60vh] flex-col items-center justify-center gap-4 text-slate-600"
      >
        <span
          className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand"
          aria-hidden="true"
        />
        Loading service details...
      </div>
    );
  }
  const failed = new Set(preload.failed);

  return (
    <main>
      <ServiceHero service={service} image={failed.has(image.src) ? null : image} />
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:px-6 lg:grid-cols-[3fr_2fr]">
        <ServiceAbout service={service} />
        <aside className="space-y-6">
          <PricingCard pricing={service.pricing} />
          <EmergencyCard />
        </aside>
      </div>

      {others.length > 0 && <OtherServices others={others} images={otherImages} failed={failed} />}
    </main>
  );
}

/** The service's title and description over its picture (none when it failed to load). */
function ServiceHero({ service, image }: { service: ServicePageContent; image: SiteImage | null }) {
  return (
    <section className="relative isolate overflow-hidden bg-ink text-white">
      {image && (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="100vw"
          width={image.width}
          height={image.height}
          alt=""
          fetchPriority="high"
          className="absolute inset-0 -z-10 size-full object-cover opacity-30"
        />
      )}
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-ink via-ink/90 to-ink/40" />
      <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
        <Link
          to="/#services"
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand hover:text-white"
        >
          <ChevronLeftIcon className="size-4" /> Back to All Services
        </Link>
        <h1 className="mt-4 max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">{service.title}</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-200">{service.description}</p>
      </div>
    </section>
  );
}

/** What the service is, why choose us for it, and the way to book it. */
function ServiceAbout({ service }: { service: ServicePageContent }) {
  return (
    <div>
      <div className="space-y-4 text-lg leading-relaxed text-slate-700">
        {service.longDescription.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      {service.benefits.length > 0 && (
        <>
          <h2 className="mt-10 text-2xl font-bold">Why choose us</h2>
          <ul className="mt-4 grid gap-3 sm:grid-cols-2">
            {service.benefits.map((benefit, index) => (
              <li key={index} className="flex items-start gap-2">
                <CheckIcon className="mt-1 size-5 shrink-0 text-brand-dark" /> {benefit}
              </li>
            ))}
          </ul>
        </>
      )}
      <Link
        to={`/book?service=${encodeURIComponent(service.slug)}`}
        className={buttonClass('primary', 'large', 'mt-10 py-3.5')}
      >
        Book This Service Now
      </Link>
    </div>
  );
}

/** The service's prices, and the phone number for a quote. */
function PricingCard({ pricing }: { pricing: ServicePageContent['pricing'] }) {
  const site = useSiteSettings();
  return (
    <section
      aria-labelledby="pricing-title"
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h2 id="pricing-title" className="text-xl font-bold">
        Pricing
      </h2>
      {pricing.length > 0 && (
        <dl className="mt-4 divide-y divide-slate-100">
          {pricing.map((item, index) => (
            <div key={index} className="flex items-baseline justify-between gap-4 py-2.5">
              <dt className="text-slate-700">{item.name}</dt>
              <dd className="font-semibold">{item.price}</dd>
            </div>
          ))}
        </dl>
      )}
      <p className="mt-4 text-sm text-slate-600">
        Need a custom quote?{' '}
        <a href={`tel:${site.phone}`} className="font-semibold text-brand-dark underline hover:text-ink">
          Call {site.formattedPhone}
        </a>
      </p>
    </section>
  );
}

/** The emergency line, for a flat or damaged tyre. */
function EmergencyCard() {
  const site = useSiteSettings();
  return (
    <section aria-labelledby="emergency-title" className="rounded-2xl bg-accent/15 p-6 ring-1 ring-accent/40">
      <h2 id="emergency-title" className="flex items-center gap-2 text-xl font-bold">
        <AlertIcon className="size-5 text-ink" /> Emergency Service Available
      </h2>
      <p className="mt-2 text-slate-700">Stuck with a flat or a damaged tyre? We come out to you, fast.</p>
      <a
        href={`tel:${site.phone}`}
        className="mt-4 inline-flex items-center gap-2 rounded-lg bg-ink px-5 py-3 font-semibold text-white transition hover:bg-slate-700"
      >
        <PhoneIcon className="size-4" /> Call Emergency Line
      </a>
    </section>
  );
}
