import type { ServiceContent } from './site-content.ts';

/** /services/tyre-replacement: new tyres supplied and fitted where the car is parked. */
const tyreReplacement: ServiceContent = {
  key: 'tyre-replacement',
  slug: 'tyre-replacement',
  formerSlugs: [],
  title: 'Tyre Replacement',
  description:
    'New economy, mid-range, premium and run-flat tyres supplied and fitted at your home, work or roadside.',
  longDescription: [
    'Skip the trip to a tyre centre. {companyName} supplies and fits new tyres wherever your car is parked, at home, at work or at the roadside, across Billericay, Romford, Brentwood, Basildon, Chelmsford, Southend-on-Sea and the rest of South Essex and East London.',
    'We stock economy, mid-range and premium brands as well as run-flat tyres, so there’s an option for every budget and vehicle. Our technicians will check your tyre size, load and speed ratings, fit the new tyres, set the pressures to your manufacturer’s specification and take your old tyres away for responsible recycling.',
    'The legal minimum tread depth for cars in the UK is 1.6mm across the central three-quarters of the tyre, and driving on illegal tyres can mean a fine of up to £2,500 and three penalty points per tyre. If you’re close to the limit, call {formattedPhone} for a quote.',
  ],
  benefits: [
    'Tyres fitted at your home, workplace or roadside',
    'Economy, mid-range, premium and run-flat options',
    'Clear prices including VAT, confirmed before we start',
    'Old tyres removed and recycled responsibly',
    'Workmanship guaranteed for 12 months',
    'Pay on completion by cash, bank transfer or card',
  ],
  pricing: [
    {
      name: 'Economy tyres (per tyre)',
      price: 'From £45',
    },
    {
      name: 'Mid-range tyres (per tyre)',
      price: 'From £65',
    },
    {
      name: 'Premium tyres (per tyre)',
      price: 'From £85',
    },
    {
      name: 'Run-flat tyres (per tyre)',
      price: 'From £95',
    },
  ],
  keywords: [
    'mobile tyre fitting',
    'tyre replacement Essex',
    'new tyres Romford',
    'mobile tyres Billericay',
    'run-flat tyres',
    'cheap tyres fitted',
  ],
  visible: true,
  inHeaderMenu: true,
};

/** /services/puncture-repair: repairs to BS AU 159 at the kerb. */
const punctureRepair: ServiceContent = {
  key: 'puncture-repair',
  slug: 'puncture-repair',
  formerSlugs: [],
  title: 'Puncture Repair',
  description:
    'Safe, legal puncture repairs to British Standard BS AU 159, usually completed in under 30 minutes.',
  longDescription: [
    'A puncture doesn’t have to ruin your day. Our mobile technicians come to you anywhere within {radiusMiles} miles of {baseTown}, from Harold Hill and Upminster to Basildon and Southend-on-Sea, and most repairs are finished in under 30 minutes.',
    'Every repair follows British Standard BS AU 159. We remove the tyre from the wheel and inspect it inside and out, because damage you can’t see from the outside can make a tyre unsafe. A puncture in the central area of the tread can usually be repaired; damage to the shoulder or sidewall, or a tyre that has been driven on while flat, means a replacement is the only safe option, and we’ll tell you honestly which applies.',
    'Run-flat tyres can be repaired where the manufacturer allows it and the tyre hasn’t been damaged by running deflated. If you’re not sure whether your tyre is safe, a tyre inspection gives you a clear answer.',
  ],
  benefits: [
    'Repairs to British Standard BS AU 159',
    'Most repairs completed in under 30 minutes',
    'We come to your home, workplace or roadside',
    'Full inside-and-out inspection before any repair',
    'Puncture repairs guaranteed for 6 months',
    'Honest advice: we only repair tyres that are safe to repair',
  ],
  pricing: [
    {
      name: 'Standard puncture repair',
      price: '£25',
    },
    {
      name: 'Run-flat puncture repair',
      price: '£35',
    },
    {
      name: 'Tyre inspection',
      price: '£10',
    },
    {
      key: 'callout-surcharge',
      name: 'Emergency call-out (extra)',
      price: '£15',
    },
  ],
  keywords: [
    'puncture repair',
    'mobile puncture repair Essex',
    'BS AU 159',
    'flat tyre repair Romford',
    'run-flat puncture repair',
    'emergency tyre repair',
  ],
  visible: true,
  inHeaderMenu: true,
};

/** /services/wheel-balancing. */
const wheelBalancing: ServiceContent = {
  key: 'wheel-balancing',
  slug: 'wheel-balancing',
  formerSlugs: [],
  title: 'Wheel Balancing',
  description:
    'Computerised balancing that stops steering-wheel vibration and uneven tyre wear, including alloy wheels.',
  longDescription: [
    'If your steering wheel vibrates at motorway speeds, or your tyres are wearing unevenly, your wheels may be out of balance. Even a few grams of difference around a wheel can cause vibration, uneven tyre wear and extra strain on your suspension and steering.',
    'Our technicians use computerised balancing equipment to find the exact point of imbalance and correct it with carefully placed weights, including discreet stick-on weights for alloy wheels. It’s quick, tidy work that we can carry out at your home or workplace across Essex and East London.',
    'Balancing is recommended whenever a new tyre is fitted, so we offer a reduced price when it’s done alongside a tyre replacement.',
  ],
  benefits: [
    'Smooth, vibration-free driving',
    'Longer tyre life and more even wear',
    'Less strain on steering and suspension parts',
    'Computerised balancing for precise results',
    'Stick-on weights for a clean finish on alloy wheels',
    'Reduced price when fitted with new tyres',
  ],
  pricing: [
    {
      name: 'Per wheel',
      price: '£10',
    },
    {
      name: 'Per wheel with tyre replacement',
      price: '£8',
    },
    {
      name: 'Four wheels',
      price: '£35',
    },
    {
      name: 'Alloy wheel (per wheel)',
      price: '£12',
    },
  ],
  keywords: [
    'wheel balancing',
    'mobile wheel balancing Essex',
    'steering wheel vibration',
    'alloy wheel balancing',
    'wheel balancing Brentwood',
  ],
  visible: true,
  inHeaderMenu: true,
};

/** /services/tpms-services: tyre pressure sensors diagnosed, replaced and reset. */
const tpmsServices: ServiceContent = {
  key: 'tpms-services',
  slug: 'tpms-services',
  formerSlugs: [],
  title: 'TPMS Services',
  description:
    'Tyre pressure monitoring sensors diagnosed, replaced and reset so your warning light tells the truth.',
  longDescription: [
    'A tyre pressure monitoring system (TPMS) warns you when a tyre is losing air, but only if its sensors are working properly. Sensors have batteries that eventually run out, and they can be damaged during tyre changes or by corrosion, leaving you with a warning light you can’t trust.',
    'Our technicians diagnose TPMS faults, supply and fit replacement sensors, and reset or relearn the system so it reads correctly. On cars first used from 1 January 2012, a TPMS warning light showing a fault is an MOT failure, so fixing it promptly saves trouble at test time.',
    'We carry out TPMS work at your home or workplace across Billericay, Romford, Chelmsford and the surrounding area, or alongside a tyre replacement.',
  ],
  benefits: [
    'Accurate tyre pressure warnings you can rely on',
    'Avoid an MOT failure for a TPMS fault',
    'Sensors diagnosed, replaced and programmed on site',
    'Better fuel economy and longer tyre life from correct pressures',
    'Quick reset after tyre changes or pressure adjustments',
  ],
  pricing: [
    {
      name: 'TPMS reset',
      price: '£15',
    },
    {
      name: 'TPMS sensor (supplied and fitted)',
      price: 'From £45',
    },
    {
      name: 'TPMS diagnostics',
      price: '£20',
    },
    {
      name: 'Full TPMS service',
      price: 'From £160',
    },
  ],
  keywords: [
    'TPMS sensor replacement',
    'tyre pressure warning light',
    'TPMS reset',
    'TPMS diagnostics Essex',
    'mobile TPMS service',
    'TPMS MOT failure',
  ],
  visible: true,
  inHeaderMenu: true,
};

/** /services/commercial-tyres: vans and fleets, kept out of the header menu. */
const commercialTyres: ServiceContent = {
  key: 'commercial-tyres',
  slug: 'commercial-tyres',
  formerSlugs: [],
  title: 'Commercial Tyres',
  description:
    'Van and light commercial tyres fitted on site to keep your business moving, with fleet pricing on request.',
  longDescription: [
    'When a van is off the road, your business loses money. {companyName} fits van and light commercial tyres on site at your depot, yard or job, across South Essex and East London, so your vehicles are back to work as quickly as possible.',
    'We supply tyres rated for the loads commercial vehicles carry, carry out safe puncture repairs where possible, and can look after a whole fleet with regular tread and pressure checks. Businesses running several vehicles can ask us for fleet pricing.',
    'To discuss your vehicles or set up a fleet account, call {formattedPhone} or e-mail {email}.',
  ],
  benefits: [
    'Tyres fitted at your depot, yard or job',
    'Less downtime for your vans',
    'Load-rated tyres for commercial use',
    'Fleet pricing on request',
    'Regular checks to keep your fleet safe and legal',
    'Workmanship guaranteed for 12 months',
  ],
  pricing: [
    {
      name: 'Van tyres',
      price: 'From £65',
    },
    {
      name: 'Light commercial tyres',
      price: 'From £80',
    },
    {
      name: 'Commercial puncture repair',
      price: 'From £30',
    },
    {
      name: 'Fleet pricing',
      price: 'On request',
    },
  ],
  keywords: [
    'commercial tyres',
    'van tyres Essex',
    'mobile van tyre fitting',
    'fleet tyre services',
    'light commercial tyres',
    'van tyres Basildon',
  ],
  visible: true,
  inHeaderMenu: false,
};

/** The services of the site's original content, in their menu order. */
export const seedServices = (): ServiceContent[] =>
  structuredClone([tyreReplacement, punctureRepair, wheelBalancing, tpmsServices, commercialTyres]);
