import type { SiteContent } from './site-content.ts';

/**
 * The home page's price table: the prices customers ask about most, grouped, with the lead and the
 * note around it.
 */
const homePricing: SiteContent['homePricing'] = {
  lead: 'Wheel balancing and alignment from {price:wheel-balancing-alignment}. No hidden extras: you know the price before we start.',
  groups: [
    {
      title: 'Puncture Repair',
      from: '{price:puncture-repair}',
      items: [
        {
          key: 'puncture-repair',
          name: 'Standard puncture repair',
          price: '£20',
        },
        {
          name: 'Run-flat puncture repair',
          price: '£25',
        },
        {
          name: 'Tyre inspection',
          price: '£10',
        },
      ],
    },
    {
      title: 'MOT Testing',
      from: '{price:mot}',
      items: [
        {
          key: 'mot',
          name: 'Car MOT',
          price: '£50',
        },
        {
          key: 'mot-retest',
          name: 'MOT retest (minor)',
          price: '£20',
        },
        {
          name: 'MOT certificate',
          price: 'Included',
        },
      ],
    },
    {
      title: 'Servicing & Diagnostics',
      from: '{price:diagnostics}',
      items: [
        {
          key: 'servicing',
          name: 'Vehicle servicing',
          price: 'From £80',
        },
        {
          key: 'wheel-alignment',
          name: 'Wheel alignment',
          price: 'From £40',
        },
        {
          key: 'diagnostics',
          name: 'Vehicle diagnostics',
          price: 'From £20',
        },
        {
          key: 'wheel-balancing-alignment',
          name: 'Wheel balancing & alignment',
          price: 'From £40',
        },
      ],
    },
  ],
  note: 'All prices include VAT. Extra charges may apply for emergency call-outs, premium vehicles and out-of-hours work.',
};

export const seedHomePricing = (): SiteContent['homePricing'] => structuredClone(homePricing);
