import type { LegalDocument } from './legal-document.ts';

export const termsOfService: LegalDocument = {
  title: 'Terms of Service',
  description:
    'The terms for mobile tyre fitting, MOT testing, servicing and other work by {companyName}: quotes, bookings, payment and guarantees.',
  lastUpdated: 'August 26, 2025',
  intro: [
    {
      kind: 'p',
      text: 'These terms apply whenever you book or receive a service from {companyName}, whether we come to you with our mobile tyre-fitting service or you visit one of our branches in {branchesOr}. Please read them before you book. By confirming a booking, you agree to these terms.',
    },
    {
      kind: 'p',
      text: 'Nothing in these terms affects your statutory rights as a consumer, including your rights under the Consumer Rights Act 2015.',
    },
  ],
  sections: [
    {
      heading: '1. About These Terms',
      blocks: [
        {
          kind: 'p',
          text: 'In these terms, “we”, “us” and “our” mean {companyName}, and “you” means the customer who books or pays for our services. You can contact us by phone on {formattedPhone} or by e-mail at {email}.',
        },
        {
          kind: 'p',
          text: 'These terms, together with any written quote or booking confirmation we send you, form the contract between us. If a quote or confirmation says something different from these terms, the quote or confirmation applies for that job. Business customers may have separate account terms agreed in writing.',
        },
      ],
    },
    {
      heading: '2. Our Services',
      blocks: [
        {
          kind: 'p',
          text: 'We provide the following services:',
        },
        {
          kind: 'ul',
          items: [
            'Mobile tyre fitting at your home, workplace or roadside location: tyre replacement, puncture repair, wheel balancing and alignment, TPMS (tyre pressure monitoring system) services and commercial tyres.',
            'At our {branchesAnd} branches: MOT testing, vehicle servicing, diagnostics and wheel alignment.',
          ],
        },
        {
          kind: 'p',
          text: 'Our mobile service covers locations within a {radiusMiles}-mile radius of {baseTown}, including {otherAreas}. If you are just outside this area, please ask: we may be able to help, but additional travel charges may apply.',
        },
        { kind: 'p', text: 'Our opening hours are:' },
        { kind: 'contactHours' },
        { kind: 'p', text: 'Bank holiday hours may vary.' },
      ],
    },
    {
      heading: '3. Quotes and Prices',
      blocks: [
        {
          kind: 'p',
          text: 'Quotes are based on the information you give us, such as your vehicle make and model, tyre size and the work you need. Please check these details carefully, as a quote may change if the information is incorrect or if we find something different when we see the vehicle.',
        },
        {
          kind: 'ul',
          items: [
            'Written quotes are valid for 30 days from the date we give them, subject to stock availability.',
            'All prices include VAT at the current rate.',
            'Extra charges may apply for emergency call-outs, premium or specialist vehicles and out-of-hours work. For example, an emergency call-out puncture repair carries a {price:callout-surcharge} surcharge.',
            'We will always tell you about any extra charge before we carry out the work, and we will not do additional work without your agreement.',
          ],
        },
      ],
    },
    {
      heading: '4. Bookings and Appointments',
      blocks: [
        {
          kind: 'p',
          text: 'You can request a booking through our website, by phone or by e-mail. A request made through the website is not a confirmed booking until we confirm it. We confirm appointments within 24 hours, by phone, text message or e-mail, with the date, an approximate arrival or appointment time and the agreed price.',
        },
        {
          kind: 'p',
          text: 'We do our best to arrive on time, but mobile appointments can be affected by traffic, weather and earlier jobs. If we are running late, we will let you know as soon as we can. If we cannot attend or have to move your appointment, we will offer you the next available slot at no extra cost.',
        },
      ],
    },
    {
      heading: '5. Cancellations',
      blocks: [
        {
          kind: 'p',
          text: 'If you need to cancel or reschedule, please give us at least 4 hours’ notice before your appointment time, by phone on {formattedPhone} or by e-mail at {email}. There is no charge for cancelling or rescheduling with at least 4 hours’ notice. If you paid a deposit online, section 6 says when it is refunded.',
        },
        {
          kind: 'p',
          text: 'If you cancel with less than 4 hours’ notice, or we arrive and cannot carry out the work because the vehicle is not available, we may charge a reasonable amount to cover our costs, such as travel and any tyres or parts ordered specially for you. We will never charge more than the loss we have actually suffered.',
        },
        {
          kind: 'p',
          text: 'If you book at a distance (online, by phone or by e-mail) as a consumer, you normally have 14 days to cancel. If you ask us to start work within that period, for example an urgent same-day fitting, you must pay for any work already done, and once the work is complete you can no longer cancel it.',
        },
      ],
    },
    {
      heading: '6. Payment',
      blocks: [
        {
          kind: 'p',
          text: 'Payment is due in full on completion of the work, unless we have agreed otherwise in writing. We accept:',
        },
        {
          kind: 'ul',
          items: [
            'cash;',
            'bank transfer;',
            'credit and debit cards, in person or online through a secure card payment link we send you.',
          ],
        },
        {
          kind: 'p',
          text: 'When you book online, we may ask for a deposit to secure the booking. Whether one applies to the service you choose, and how much it is (a fixed amount, or a percentage of the booking’s price), is shown on the booking page before you confirm. The deposit is paid by card on the secure payment page of our payment provider, Stripe; we never see or keep your card number. If it is not paid within the time the booking page shows, the booking is released: the time and any tyres held for you are offered to others, and nothing is charged.',
        },
        {
          kind: 'p',
          text: 'A deposit counts towards the price of the work, and the rest is due on completion. If you cancel more than the number of hours before your appointment that the booking page states, the deposit is refunded to the card you paid with; refunds normally reach your account within 5 to 10 working days. If you cancel later than that, or the vehicle is not available when we arrive, refunding the deposit is at our discretion, and we will never keep more than the loss we have actually suffered.',
        },
        {
          kind: 'p',
          text: 'We may also send you a secure card payment link, by e-mail or as a QR code on the day, to pay what is left to pay (the balance) through Stripe. Using it is up to you: you can pay in any of the ways above instead.',
        },
        {
          kind: 'p',
          text: 'We will give you an invoice or receipt for every job. For specially ordered tyres or parts, we may ask for a deposit when you book, and we will tell you the amount before you confirm. Tyres and parts remain our property until they have been paid for in full.',
        },
      ],
    },
    {
      heading: '7. Mobile Service at Your Location',
      blocks: [
        {
          kind: 'p',
          text: 'To carry out work safely at your location, we need:',
        },
        {
          kind: 'ul',
          items: [
            'a reasonably flat, firm and safe place to work, with enough room around the vehicle;',
            'permission to work at the location, for example from your employer or landlord where needed;',
            'the vehicle keys and any locking wheel nut key;',
            'a safe place to stand away from traffic, if we are working at the roadside.',
          ],
        },
        {
          kind: 'p',
          text: 'If our technician decides that a location is unsafe, for example because of traffic, the slope of the ground or severe weather, we may decline to work there or suggest another place or time. This is for your safety and ours.',
        },
      ],
    },
    {
      heading: '8. Tyres and Parts',
      blocks: [
        {
          kind: 'p',
          text: 'We supply new tyres and parts from reputable manufacturers and distributors. Where the exact tyre you want is not in stock, we will offer you a suitable alternative or order it in. We will not fit a tyre that is unsuitable for your vehicle or that we believe is unsafe.',
        },
        {
          kind: 'p',
          text: 'Puncture repairs are carried out in line with British Standard BS AU 159. Some tyres cannot be repaired safely, for example where the damage is in the sidewall or shoulder, the hole is too large, or the tyre has been driven on while flat. In these cases we will explain why and recommend a replacement, and we will not carry out an unsafe repair.',
        },
        {
          kind: 'p',
          text: 'Old tyres we remove are disposed of responsibly through licensed recycling routes, unless you ask to keep them.',
        },
      ],
    },
    {
      heading: '9. Guarantees',
      blocks: [
        {
          kind: 'p',
          text: 'In addition to your statutory rights, we guarantee our work as follows:',
        },
        {
          kind: 'ul',
          items: [
            'Our workmanship is guaranteed for 12 months from the date of the work.',
            'Puncture repairs are guaranteed for 6 months from the date of the repair.',
            'New tyres and parts are also covered by the manufacturer’s warranty against defects.',
          ],
        },
        {
          kind: 'p',
          text: 'Our guarantees do not cover normal wear and tear, new damage (for example from potholes, kerbs or objects in the road), incorrect tyre pressures, accident damage, or work carried out on the vehicle by someone else afterwards. If you think there is a problem with our work, please contact us as soon as possible and give us the opportunity to inspect it and put it right.',
        },
      ],
    },
    {
      heading: '10. Your Responsibilities',
      blocks: [
        {
          kind: 'p',
          text: 'To help us do the job properly, we ask you to:',
        },
        {
          kind: 'ul',
          items: [
            'give us accurate information about your vehicle, its tyre size and the work you need;',
            'make sure the vehicle is available and accessible at the agreed time and place;',
            'tell us about any known faults, modifications or warning lights that may affect the work;',
            'check your tyre pressures and wheel nuts as advised after fitting, and follow any advice we give you about your vehicle.',
          ],
        },
        {
          kind: 'p',
          text: 'If we find a safety issue while working on your vehicle, such as a dangerous tyre or worn components, we will tell you. It is then your responsibility to decide whether to have it put right and not to drive a vehicle that is unroadworthy.',
        },
      ],
    },
    {
      heading: '11. Limitation of Liability',
      blocks: [
        {
          kind: 'p',
          text: 'We carry out our services with reasonable care and skill, as required by the Consumer Rights Act 2015. If we fail to do so, we are responsible for loss or damage you suffer that is a foreseeable result of our failure.',
        },
        {
          kind: 'p',
          text: 'We are not responsible for loss or damage that was not foreseeable, for problems caused by existing faults or wear that we did not work on, or for delays caused by events outside our reasonable control, such as severe weather, road closures or supplier shortages. If you use our services for business purposes, we are not liable for loss of profit, loss of business or business interruption.',
        },
        {
          kind: 'p',
          text: 'Nothing in these terms limits or excludes our liability for death or personal injury caused by our negligence, for fraud or fraudulent misrepresentation, or for any other liability that cannot be limited or excluded by law.',
        },
      ],
    },
    {
      heading: '12. Complaints',
      blocks: [
        {
          kind: 'p',
          text: 'If you are not happy with our service, please tell us as soon as possible by phone on {formattedPhone} or by e-mail at {email}. Please include your name, the date of the work and a description of the problem, with photographs if that helps.',
        },
        {
          kind: 'p',
          text: 'We will acknowledge your complaint promptly, look into it fairly and give you a full response as quickly as we can. Where we agree that our work was not up to standard, we will repair or redo it at no cost, or offer an appropriate price reduction or refund, in line with your rights under the Consumer Rights Act 2015.',
        },
      ],
    },
    {
      heading: '13. Changes and Governing Law',
      blocks: [
        {
          kind: 'p',
          text: 'We may update these terms from time to time. The version that applies to your job is the one in force when your booking was confirmed. The date at the top of this page shows when these terms were last updated.',
        },
        {
          kind: 'p',
          text: 'These terms are governed by the law of England and Wales. Any dispute may be brought in the courts of England and Wales, although if you live in Scotland or Northern Ireland you may also bring proceedings in your local courts.',
        },
      ],
    },
  ],
};
