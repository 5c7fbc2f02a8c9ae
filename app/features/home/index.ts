// What the rest of the app may use of this feature.
export { AboutSection } from './about-section.tsx';
export { AreasSection } from './areas-section.tsx';
export { BranchesSection } from './branches-section.tsx';
export { ContactSection } from './contact-section.tsx';
export { Hero } from './hero.tsx';
export { HowItWorks } from './how-it-works.tsx';
export { PricingSection } from './pricing-section.tsx';
export { ServiceCards } from './service-cards.tsx';
export { Testimonials } from './testimonials.tsx';
