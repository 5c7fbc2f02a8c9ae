import type { ConsentCategory } from './consent.ts';

/** The four cookie categories as the banner and the Cookie Settings page describe them. */
export const cookieCategories: readonly {
  id: ConsentCategory;
  title: string;
  description: string;
  examples: string;
}[] = [
  {
    id: 'essential',
    title: 'Essential',
    description:
      'Needed for the website to work and to keep it secure. These cannot be switched off. Kept for your session or up to 30 days.',
    examples: 'Your cookie choice, the sign-in session of our staff, security checks on forms.',
  },
  {
    id: 'analytics',
    title: 'Analytics',
    description:
      'Help us understand how visitors find and use the website, so that we can improve it. Kept for up to 2 years.',
    examples: 'Google Analytics (_ga, _ga_*): pages visited, time on site, how you arrived.',
  },
  {
    id: 'marketing',
    title: 'Marketing',
    description:
      'Measure how well our advertising works and show you relevant offers elsewhere. Kept as the advertising provider sets.',
    examples: 'Google Ads conversion (_gcl_au), Meta pixel (_fbp).',
  },
  {
    id: 'preferences',
    title: 'Preferences',
    description:
      'Remember choices that make the website more convenient, and allow embedded content from other sites. Kept for up to 1 year.',
    examples: 'The Google Maps map of the areas we cover, which sets its own cookies.',
  },
];
