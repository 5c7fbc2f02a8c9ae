/** Static text of the home page sections (spec section 2, home page). */

export const howItWorks = [
  {
    title: 'Get in touch',
    text: 'Call us or send an enquiry with your vehicle and what it needs. We confirm every request within 24 hours.',
  },
  {
    title: 'We come to you',
    text: 'A fully equipped van arrives at your home, workplace or roadside at the agreed time, or visit one of our branches.',
  },
  {
    title: 'Back on the road',
    text: 'Work is done to British Standards, you pay on completion and our workmanship is guaranteed for 12 months.',
  },
] as const;

export const aboutPoints = [
  'Qualified, insured technicians',
  'Fully equipped mobile fitting vans',
  'Repairs to British Standard BS AU 159',
  '12-month workmanship guarantee',
] as const;

export type PriceGroup = { title: string; from?: string; items: { name: string; price: string }[] };

/** Home pricing, every figure of spec section 9. */
export const homePricing: readonly PriceGroup[] = [
  {
    title: 'Puncture Repair',
    from: '£20',
    items: [
      { name: 'Standard puncture repair', price: '£20' },
      { name: 'Run-flat puncture repair', price: '£25' },
      { name: 'Tyre inspection', price: '£10' },
    ],
  },
  {
    title: 'MOT Testing',
    from: '£50',
    items: [
      { name: 'Car MOT', price: '£50' },
      { name: 'MOT retest (minor)', price: '£20' },
      { name: 'MOT certificate', price: 'Included' },
    ],
  },
  {
    title: 'Servicing & Diagnostics',
    from: '£20',
    items: [
      { name: 'Vehicle servicing', price: 'From £80' },
      { name: 'Wheel alignment', price: 'From £40' },
      { name: 'Vehicle diagnostics', price: 'From £20' },
      { name: 'Wheel balancing & alignment', price: 'From £40' },
    ],
  },
];

export const pricingNote =
  'All prices include VAT. Extra charges may apply for emergency call-outs, premium vehicles and out-of-hours work.';

export const testimonials = [
  {
    content:
      'Picked up a nail on the A127 on the way to work. They were with me in under an hour, repaired the tyre properly and I was only twenty minutes late. Brilliant service.',
    author: 'Daniel R.',
    location: 'Brentwood',
  },
  {
    content:
      'Four new tyres fitted on my driveway while I worked from home. Fair price, no upselling, and the technician talked me through the tread and pressures afterwards.',
    author: 'Michelle T.',
    location: 'Upminster',
  },
  {
    content:
      'We run six vans and they look after the lot, on site and out of hours. One call and it is sorted, which keeps our jobs on schedule.',
    author: 'Gary P., fleet manager',
    location: 'Basildon',
  },
] as const;
