import type { InfoPage, InfoPages } from './info-pages.ts';

/** /mot: MOT testing at the {branchesAnd} branches. */
const mot: InfoPage = {
  title: 'MOT Testing in {branchesAnd}',
  metaTitle: 'MOT Test from {price:mot} | {branchesAnd}',
  description:
    'Car MOT tests from {price:mot} at our {branchesAnd} branches, certificate included. Minor retests {price:mot-retest}. Easy booking for Romford, Brentwood and Essex.',
  keywords: [
    'MOT test Harold Hill',
    'MOT Upminster',
    'MOT Romford',
    'cheap MOT Essex',
    'MOT retest',
    'car MOT near me',
  ],
  lead: 'Book your car’s MOT at our {branchesOr} branch from {price:mot}, with the certificate included and honest advice on anything that needs attention.',
  sections: [
    {
      heading: 'A straightforward MOT at a local branch',
      blocks: [
        {
          kind: 'p',
          text: 'Our MOT tests are carried out to DVSA standards by qualified testers at our {branchesAnd} branches, handy for drivers across Romford, Hornchurch, Brentwood and the rest of South Essex and East London. We check everything the test requires, from lights, brakes and steering to tyres, suspension, seat belts and emissions.',
        },
        {
          kind: 'p',
          text: 'If your car passes, you leave with your MOT certificate. If it doesn’t, we’ll show you exactly why, explain the difference between dangerous, major and minor defects, and give you a clear quote before any repair work goes ahead.',
        },
      ],
    },
    {
      heading: 'MOT prices',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Car MOT: from {price:mot}, certificate included',
            'MOT retest (minor): {price:mot-retest}',
            'Prices include VAT; quotes for any repairs are valid for 30 days',
          ],
        },
        {
          kind: 'p',
          text: 'You pay on completion by cash, bank transfer or card. Extra charges may apply for premium vehicles and out-of-hours work, and we’ll always tell you about them before we start.',
        },
      ],
    },
    {
      heading: 'Branch opening hours',
      blocks: [
        { kind: 'branchHours' },
        {
          kind: 'p',
          text: 'Request an appointment through the enquiry form on our home page or call {formattedPhone}. We confirm every appointment request within 24 hours.',
        },
      ],
    },
    {
      heading: 'Get your tyres MOT-ready',
      blocks: [
        {
          kind: 'p',
          text: 'Worn or damaged tyres are one of the most common reasons for an MOT failure. The legal minimum tread depth for cars is 1.6mm across the central three-quarters of the tyre, and cuts, bulges or exposed cords mean an automatic fail. Our mobile fitters can replace tyres at your home or workplace before your test, so there are no surprises on the day.',
        },
      ],
    },
  ],
  faqs: [
    {
      question: 'How much does an MOT cost?',
      answer:
        'A car MOT at our {branchesOr} branch costs from {price:mot}, including VAT and the MOT certificate. A retest after minor repairs is {price:mot-retest}.',
    },
    {
      question: 'How early can I book my MOT?',
      answer:
        'You can have your MOT up to a month (minus a day) before your current certificate runs out and still keep the same renewal date, so it’s worth booking early to get a slot that suits you.',
    },
    {
      question: 'What happens if my car fails its MOT?',
      answer:
        'We’ll explain each defect in plain English and give you a quote for the repairs, valid for 30 days. Once the work is done, a retest for minor items is {price:mot-retest}.',
    },
    {
      question: 'How long does an MOT take?',
      answer:
        'Most MOT tests take around an hour. You’re welcome to wait, or drop your car off and we’ll call you when it’s ready.',
    },
    {
      question: 'Can I drive my car if the MOT has expired?',
      answer:
        'Only to a pre-booked MOT test or to have MOT-related repairs done. Otherwise, driving without a valid MOT can lead to a fine of up to £1,000, so book in with us before your certificate runs out.',
    },
  ],
};

/** /servicing: interim, full and major servicing, diagnostics and wheel alignment. */
const servicing: InfoPage = {
  title: 'Car Servicing, Diagnostics and Wheel Alignment',
  metaTitle: 'Car Servicing from {price:servicing} | {branchesAnd}',
  description:
    'Interim, full and major car servicing from {price:servicing}, diagnostics from {price:diagnostics} and wheel alignment from {price:wheel-alignment} at our {branchesAnd} branches.',
  keywords: [
    'car service Harold Hill',
    'car servicing Upminster',
    'interim service',
    'full service',
    'major service',
    'car diagnostics Romford',
    'wheel alignment Essex',
  ],
  lead: 'Keep your car running safely and efficiently with an interim, full or major service at our {branchesOr} branch, from {price:servicing} including VAT.',
  sections: [
    {
      heading: 'Choose the right service',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Interim service: an oil and filter change with essential safety checks, ideal every six months or for high-mileage drivers',
            'Full service: a comprehensive annual check of your engine, brakes, steering, suspension, fluids, filters and tyres',
            'Major service: everything in a full service plus the additional items your manufacturer recommends, typically every two years',
          ],
        },
        {
          kind: 'p',
          text: 'Not sure which one you need? Tell us your car’s make, model and mileage and we’ll recommend the right level of service, with no pressure to add anything you don’t need.',
        },
      ],
    },
    {
      heading: 'Diagnostics and wheel alignment',
      blocks: [
        {
          kind: 'p',
          text: 'A warning light on the dashboard doesn’t have to mean a big bill. Our technicians read your car’s fault codes, check the systems involved and explain what’s really going on before recommending any repair.',
        },
        {
          kind: 'p',
          text: 'If your car pulls to one side, your steering wheel sits off-centre or your tyres are wearing on the edges, your wheel alignment may be out. Correcting it protects your tyres, improves handling and can help fuel economy.',
        },
      ],
    },
    {
      heading: 'Servicing prices',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Car servicing: from {price:servicing}',
            'Vehicle diagnostics: from {price:diagnostics}',
            'Wheel alignment: from {price:wheel-alignment}',
          ],
        },
        {
          kind: 'p',
          text: 'All prices include VAT. Extra charges may apply for premium vehicles and out-of-hours work. Quotes are valid for 30 days, our workmanship is guaranteed for 12 months, and you pay on completion by cash, bank transfer or card.',
        },
      ],
    },
    {
      heading: 'Book a service near you',
      blocks: [
        {
          kind: 'p',
          text: 'Our branches are easy to reach from Romford, Hornchurch, Brentwood and Basildon, and open:',
        },
        { kind: 'branchHours' },
        {
          kind: 'p',
          text: 'Send us a request through the enquiry form on our home page or call {formattedPhone}, and we’ll confirm your appointment within 24 hours.',
        },
      ],
    },
  ],
  faqs: [
    {
      question: 'Will servicing with you affect my manufacturer’s warranty?',
      answer:
        'No. Under UK block exemption rules you can have your car serviced by an independent garage without affecting the warranty, provided the work follows the manufacturer’s schedule and uses suitable parts, which is exactly what we do.',
    },
    {
      question: 'How often should my car be serviced?',
      answer:
        'Most cars need a full service every 12 months or 12,000 miles, whichever comes first. If you cover a lot of miles, an interim service in between keeps things in good shape.',
    },
    {
      question: 'Can I have my service and MOT on the same day?',
      answer:
        'Yes. Booking both together at our {branchesOr} branch saves you a second trip, and we’ll let you know about anything we spot before the test.',
    },
    {
      question: 'How much does wheel alignment cost?',
      answer:
        'Wheel alignment starts from {price:wheel-alignment} including VAT. If we find worn steering or suspension parts that stop the car being aligned properly, we’ll quote for them before doing any further work.',
    },
  ],
};

/** /about: the business, its vans, technicians, branches, values, area and guarantees. */
const about: InfoPage = {
  title: 'About Us',
  metaTitle: 'About Our Mobile Tyre Fitters | Essex & East London',
  description:
    '{baseTown}-based mobile tyre fitters with branches in {branchesAnd}, serving a {radiusMiles}-mile radius across South Essex and East London.',
  keywords: [
    'mobile tyre fitting Billericay',
    'mobile tyre fitters Essex',
    'tyre fitters East London',
    'Harold Hill tyres',
    'Upminster garage',
    'local tyre company',
  ],
  lead: '{companyName} brings tyre fitting, puncture repairs and wheel services to your driveway, workplace or roadside, backed by two local branches for MOT testing and servicing.',
  sections: [
    {
      heading: 'Local, mobile and on your schedule',
      blocks: [
        {
          kind: 'p',
          text: 'We’re based in {baseTown} and cover a {radiusMiles}-mile radius across South Essex and East London, including {otherAreas}. Instead of spending your morning in a waiting room, you tell us where the car is and our fully equipped mobile fitting vans come to you.',
        },
        {
          kind: 'p',
          text: 'For the jobs that need a workshop, our {branchesAnd} branches handle MOT testing, servicing, diagnostics and wheel alignment.',
        },
      ],
    },
    {
      heading: 'Qualified technicians you can trust',
      blocks: [
        {
          kind: 'p',
          text: 'Every job is carried out by qualified, experienced technicians who fit and repair tyres to recognised industry standards, including BS AU 159 for puncture repairs. They’ll tell you honestly whether a tyre can be safely repaired or needs replacing, and explain the options in plain English.',
        },
        {
          kind: 'ul',
          items: [
            'Tyre replacement, from economy to premium and run-flat',
            'Puncture repairs and tyre inspections',
            'Wheel balancing and TPMS sensor services',
            'Van and light commercial tyres, with fleet pricing on request',
          ],
        },
      ],
    },
    {
      heading: 'What we stand for',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Clear prices: all our prices include VAT, and any extra charge for emergency call-outs, premium vehicles or out-of-hours work is agreed before we start',
            'Safety first: we never repair a tyre that isn’t safe to repair',
            'Reliability: appointment requests are confirmed within 24 hours and we turn up when we say we will',
            'Respect for your time and property: tidy work, with old tyres taken away for responsible recycling',
          ],
        },
      ],
    },
    {
      heading: 'Our guarantees',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Workmanship guaranteed for 12 months',
            'Puncture repairs guaranteed for 6 months',
            'Quotes valid for 30 days',
            'Pay on completion by cash, bank transfer or card',
          ],
        },
      ],
    },
  ],
  faqs: [
    {
      question: 'Which areas do you cover?',
      answer:
        'We cover a {radiusMiles}-mile radius from our base in {baseTown}, including Harold Hill, Upminster, Romford, Brentwood, Basildon, Chelmsford, Southend-on-Sea and the surrounding towns and villages. If you’re not sure whether we reach you, just ask.',
    },
    {
      question: 'Do I need to visit a branch for new tyres?',
      answer:
        'No. Our mobile vans fit tyres at your home, workplace or the roadside. You only need to visit our {branchesOr} branch for MOT testing, servicing or wheel alignment.',
    },
    {
      question: 'Is your work guaranteed?',
      answer:
        'Yes. Our workmanship is guaranteed for 12 months and puncture repairs for 6 months. If you have any concern about a job we’ve done, get in touch and we’ll put it right.',
    },
    {
      question: 'When do I pay?',
      answer: 'You pay on completion, once you’re happy with the work, by cash, bank transfer or card.',
    },
  ],
};

/** /contact: phone, e-mail, the home-page enquiry form, branch visits and emergencies. */
const contact: InfoPage = {
  title: 'Contact Us',
  metaTitle: 'Contact Us | Mobile Tyre Fitting in Essex',
  description:
    'Call, e-mail or send an enquiry for mobile tyre fitting, puncture repairs, MOTs and servicing across Billericay, Romford, Brentwood and South Essex.',
  keywords: [
    'contact mobile tyre fitter',
    'emergency tyre fitting Essex',
    'mobile tyre fitting Romford',
    'book MOT Harold Hill',
    'tyre fitter Brentwood',
    'Upminster tyres',
  ],
  lead: 'Whether you need a tyre fitted today or want to book an MOT next week, {companyName} is easy to reach by phone, e-mail or our online enquiry form.',
  sections: [
    {
      heading: 'Ways to get in touch',
      blocks: [
        {
          kind: 'ul',
          items: [
            'Phone: {formattedPhone}, the quickest way to book or to get help with an urgent problem',
            'E-mail: {email}, ideal for quotes, fleet enquiries and questions that aren’t urgent',
            'Enquiry form: fill in the form on our home page with your vehicle, tyre size if you know it, and location',
          ],
        },
        {
          kind: 'p',
          text: 'We confirm appointment requests within 24 hours. Your tyre size is printed on the sidewall (for example 205/55 R16), and including it helps us give you an accurate quote first time.',
        },
      ],
    },
    {
      heading: 'Opening hours',
      blocks: [{ kind: 'contactHours' }],
    },
    {
      heading: 'Visit a branch',
      blocks: [
        {
          kind: 'p',
          text: 'For MOT testing, servicing, diagnostics and wheel alignment, visit our {branchesOr} branch. We recommend requesting an appointment first so we can have your car seen as soon as you arrive.',
        },
        { kind: 'branchHours' },
      ],
    },
    {
      heading: 'Emergency call-outs',
      blocks: [
        {
          kind: 'p',
          text: 'Stuck with a flat or a damaged tyre at home, at work or at the roadside anywhere within {radiusMiles} miles of {baseTown}? Call {formattedPhone} and tell us where you are, your vehicle and what’s happened. We’ll give you an estimated arrival time on the phone and send the nearest available van.',
        },
        {
          kind: 'p',
          text: 'If you’re on a motorway or a busy road, move to a safe place away from traffic before calling. Extra charges may apply for emergency call-outs and out-of-hours work, and we’ll always confirm the price before we set off.',
        },
      ],
    },
  ],
  faqs: [
    {
      question: 'How quickly will you reply to my enquiry?',
      answer:
        'We confirm appointment requests within 24 hours. For anything urgent, such as a flat tyre, please phone {formattedPhone} rather than e-mailing so we can help straight away.',
    },
    {
      question: 'Can you help on a Sunday?',
      answer:
        'Yes. Our opening hours above say what our phone lines handle on Sundays, and the hours of each branch, Sundays included, are listed under Visit a branch.',
    },
    {
      question: 'How long is a quote valid for?',
      answer:
        'Our quotes are valid for 30 days and include VAT. Any extra charge for emergency call-outs, premium vehicles or out-of-hours work is made clear before we start.',
    },
    {
      question: 'Do you come to my workplace?',
      answer:
        'Yes. Our mobile fitters regularly work in car parks and on business premises across Essex and East London. Just let us know where the vehicle will be and whether we’ll need any access permissions.',
    },
  ],
};

/** The pages' first version, in a new database and in content published before they were editable. */
export const seedInfoPages = (): InfoPages => structuredClone({ mot, servicing, about, contact });
