/**
 * Static text of the home page sections. Prices, branches, areas and
 * testimonials are the published site content's.
 */

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
