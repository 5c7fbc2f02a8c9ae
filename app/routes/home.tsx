import { siteImage } from '#common/images/images.ts';
import { AboutSection } from '#app/features/home/about-section.tsx';
import { AreasSection } from '#app/features/home/areas-section.tsx';
import { BranchesSection } from '#app/features/home/branches-section.tsx';
import { ContactSection } from '#app/features/home/contact-section.tsx';
import { Hero } from '#app/features/home/hero.tsx';
import { HowItWorks } from '#app/features/home/how-it-works.tsx';
import { PricingSection } from '#app/features/home/pricing-section.tsx';
import { ServiceCards } from '#app/features/home/service-cards.tsx';
import { Testimonials } from '#app/features/home/testimonials.tsx';
import { Section } from '#app/components/ui/section.tsx';
import { homeContent } from '#app/features/site-content/page-content.server.ts';
import { businessJsonLd } from '#app/lib/business-json-ld.ts';
import { homeSeo, homeSeoWith, pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  // One read of the uploaded pictures serves the cards, the hero and the about section.
  const [images, tyreSizes] = await Promise.all([
    context.images.uploadedSlots(),
    // The hero's size finder: without the catalogue, the home page still shows, the finder a link.
    context.tyres.sizes().catch(() => []),
  ]);
  const { facts } = context;
  const seo = homeSeoWith({
    branchesAnd: String(facts.branchesAnd),
    baseTown: String(facts.baseTown),
    branches: context.content.branches.map((branch) => branch.name),
  });
  return { ...homeContent(context.content, context.site), images, tyreSizes, seo, texts: context.texts };
}

export const meta: Route.MetaFunction = ({ data: home, matches }) =>
  pageMeta(matches, home?.seo ?? homeSeo, ({ site, publicUrl }) =>
    home
      ? [
          businessJsonLd(site, publicUrl, {
            priceRange: home.priceRange,
            radiusKilometres: home.areas.radiusKilometres,
            branches: home.branches,
            services: home.services,
          }),
        ]
      : [],
  );

/** The home page: its nine sections in order. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const {
    images,
    tyreSizes,
    services,
    pricing,
    branches,
    areas,
    testimonials,
    contactHours,
    coveredDistricts,
    texts,
  } = loaderData;
  const branchNames = branches.map((branch) => branch.name);
  return (
    <main>
      <Hero image={siteImage('hero-background', images)} branchNames={branchNames} tyreSizes={tyreSizes} />
      <Section
        id="services"
        eyebrow="What we do"
        title="Our Services"
        lead="Fully equipped vans and trained technicians, with fair prices that include VAT."
      >
        <ServiceCards services={services} images={images} />
      </Section>
      <HowItWorks />
      <AboutSection image={siteImage('about-image', images)} branchNames={branchNames} />
      <PricingSection pricing={pricing} />
      <BranchesSection branches={branches} />
      <AreasSection areas={areas} />
      <Testimonials testimonials={testimonials} />
      <ContactSection hours={contactHours} coveredDistricts={coveredDistricts} texts={texts} />
    </main>
  );
}
