import type { SiteImage } from '#common/images/images.ts';
import { aboutPoints } from './home-copy.ts';
import { listText } from '#app/lib/list-text.ts';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import { CheckIcon } from '#app/components/ui/icons.tsx';
import { ContactLink } from '#app/components/ui/section.tsx';

export function AboutSection({ image, branchNames }: { image: SiteImage; branchNames: readonly string[] }) {
  const site = useSiteSettings();
  return (
    <section id="about" aria-labelledby="about-title" className="scroll-mt-16 bg-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2">
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="(min-width: 1024px) 560px, 100vw"
          width={image.width}
          height={image.height}
          alt={image.alt}
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full rounded-2xl object-cover shadow-lg"
        />
        <div>
          <p className="text-sm font-semibold uppercase tracking-widest text-brand-dark">About us</p>
          <h2 id="about-title" className="mt-2 text-3xl font-extrabold sm:text-4xl">
            Local experts who come to you
          </h2>
          <p className="mt-4 text-lg text-slate-600">
            {site.companyName} fits tyres wherever you are in South Essex and East London: at home, at work or
            at the roadside.{' '}
            {branchNames.length === 1
              ? `Our branch in ${branchNames[0]} adds`
              : `Our branches in ${listText(branchNames)} add`}{' '}
            MOT testing, servicing, diagnostics and wheel alignment.
          </p>
          <ul className="mt-6 grid gap-3 sm:grid-cols-2">
            {aboutPoints.map((point) => (
              <li key={point} className="flex items-start gap-2 font-medium">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-dark" /> {point}
              </li>
            ))}
          </ul>
          <div className="mt-8">
            <ContactLink>Get Quote</ContactLink>
          </div>
        </div>
      </div>
    </section>
  );
}
