import type { LegalDocument } from './legal-document.ts';

export const privacyPolicy: LegalDocument = {
  title: 'Privacy Policy',
  description:
    'How {companyName} collects, uses and protects your personal information under UK GDPR when you use our website or services.',
  lastUpdated: 'August 26, 2025',
  intro: [
    {
      kind: 'p',
      text: '{companyName} provides mobile tyre fitting across South Essex and East London and MOT testing, servicing and diagnostics at our branches in {branchesAnd}. This policy explains what personal information we collect when you use our website, contact us or book our services, how we use it, who we share it with and the rights you have over it.',
    },
    {
      kind: 'p',
      text: 'We are the controller of your personal information for the purposes of the UK General Data Protection Regulation (UK GDPR), the Data Protection Act 2018 and the Privacy and Electronic Communications Regulations (PECR). If you have any questions about this policy, please contact us using the details in section 8.',
    },
  ],
  sections: [
    {
      heading: '1. Information We Collect',
      blocks: [
        {
          kind: 'p',
          text: 'When you send us an enquiry or booking request through our website, we collect the information you enter in the form:',
        },
        {
          kind: 'ul',
          items: [
            'your name, phone number and e-mail address;',
            'the make and model of your vehicle;',
            'the service you are asking about and your message to us;',
            'optionally, your postcode or location (so we can tell whether you are within our service area and plan a mobile visit) and any particular requirements you mention;',
            'whether you ticked the box asking for reminders, when you answered, and the words of the question you were shown.',
          ],
        },
        {
          kind: 'p',
          text: 'We also collect information when you phone or e-mail us, when you book online, or when we carry out work for you: for example your contact details, the address where the vehicle will be for a mobile visit, your vehicle’s registration, tyre sizes and condition, the tyres fitted and the tread depth of those removed, photos of the work taken by our fitter, your signature if you give it, and payment and invoice details. Photos and signatures are kept privately and seen only by our staff. We do not store full card numbers: card payments in person are taken on our own card terminal and handled by its payment provider, and card payments online (a deposit when you book, or a payment link we send you) are made on the secure page of our payment provider, Stripe. From Stripe we receive only whether and when you paid, the amount, and Stripe’s reference for the payment.',
        },
        {
          kind: 'p',
          text: 'To understand how our website is used, we count visits without using cookies. For each page view we store the page address, the domain of the website that referred you (if any), any campaign tags in the link (utm_source, utm_medium and utm_campaign) and your device type (mobile, tablet or desktop). We also store a visitor identifier, which is a one-way hash of your IP address and browser user agent combined with a secret that changes every day and is then deleted. Your IP address itself is never stored, the identifier cannot be turned back into it, and we cannot recognise you from one day to the next.',
        },
      ],
    },
    {
      heading: '2. How We Use Your Information',
      blocks: [
        {
          kind: 'p',
          text: 'We use your personal information only for the purposes below, and only where the law gives us a lawful basis to do so:',
        },
        {
          kind: 'ul',
          items: [
            'To reply to your enquiry and give you a quote: this is a step you have asked us to take before entering into a contract with you.',
            'To arrange appointments, travel to your location, carry out the work, take payment and honour our guarantees: this is necessary to perform our contract with you.',
            'To keep customer, invoice and accounting records: this is necessary to comply with our legal obligations, including tax law.',
            'To keep records of the work we have done, deal with questions or complaints, protect our business and improve our services and website (including our cookieless visitor statistics): these are our legitimate interests, which we balance against your rights and expectations.',
            'To set optional cookies or send you information you have asked for: we rely on your consent where we ask for it, and you can withdraw it at any time.',
            'To e-mail you when your vehicle’s MOT is due (28 and 7 days before it runs out) and when a tyre we checked needs attention: only if you ticked the box asking for reminders when you booked or contacted us. This is your consent, which you can withdraw at any time.',
            'To ask you, once, the day after a job, to review our work: we ask every customer the same, whatever they thought of the job, and no one more than once in 12 months. This is our legitimate interest in hearing how we did, and as our customer you can refuse it.',
          ],
        },
        {
          kind: 'p',
          text: 'Every reminder and review request has an unsubscribe link. One click stops all reminders and review requests to your address at once, without signing in; you can subscribe again from the same page. E-mails about a booking you make, such as its confirmation and the job report, are not marketing and still come.',
        },
        {
          kind: 'p',
          text: 'We will not send you marketing e-mails or text messages unless you have agreed to receive them or the law otherwise allows it, and every marketing message will tell you how to opt out. We do not use your information for automated decision-making or profiling that has legal or similarly significant effects on you.',
        },
      ],
    },
    {
      heading: '3. Sharing Your Information',
      blocks: [
        {
          kind: 'p',
          text: 'We do not sell, rent or trade your personal information. We share it only where necessary, with:',
        },
        {
          kind: 'ul',
          items: [
            'service providers who help us run our business, such as our website hosting provider and our e-mail delivery provider, who process information only on our instructions and under a written contract;',
            'our card payment provider, when you pay by card;',
            'Stripe (Stripe Payments Europe, Ltd.), which processes card payments made online for us, such as a deposit when you book or a payment link we send you: we give Stripe your name, your e-mail address, the amount and your booking reference, and you enter your card details on Stripe’s own page, so they go to Stripe only and never to us. Stripe’s privacy policy is at https://stripe.com/gb/privacy;',
            'Twilio (Twilio Ireland Limited), which sends and receives our text messages, when you ask us to keep you posted by text: we give Twilio your mobile number and the words of each text (your booking reference, the day and time, a link to your booking), and Twilio passes us your replies and whether each text was delivered. If you reply STOP we send you no more texts but those about a booking you have made. Twilio’s privacy notice is at https://www.twilio.com/en-us/legal/privacy;',
            'professional advisers such as our accountants, lawyers and insurers, where they need it to advise or protect us;',
            'the police, HMRC, the DVSA (for MOT tests) or other authorities, where we are required to by law or need to protect our legal rights.',
          ],
        },
        {
          kind: 'p',
          text: 'Our website shows an embedded Google Maps frame so you can find our branches. The map is loaded directly from Google, which will receive your IP address and may set its own cookies under its own privacy policy. See our Cookie Policy for more about third-party content and how to manage it.',
        },
        {
          kind: 'p',
          text: 'Some of our providers may store information outside the UK. Where they do, we make sure appropriate safeguards are in place, such as a UK adequacy decision or the International Data Transfer Agreement or Addendum approved under UK law.',
        },
      ],
    },
    {
      heading: '4. Data Security',
      blocks: [
        {
          kind: 'p',
          text: 'We take appropriate technical and organisational measures to protect your personal information against loss, misuse and unauthorised access. These include:',
        },
        {
          kind: 'ul',
          items: [
            'encrypting information sent between your browser and our website using HTTPS;',
            'restricting access to enquiries and customer records to staff who need it, behind secure sign-in;',
            'choosing reputable hosting and e-mail providers with recognised security standards;',
            'keeping paper records, such as job sheets and invoices, secure at our branches.',
          ],
        },
        {
          kind: 'p',
          text: 'No method of sending information over the internet is completely secure, so we cannot guarantee the security of information you send us. If a personal data breach occurs that is likely to put your rights at risk, we will notify you and the Information Commissioner’s Office where the law requires us to.',
        },
      ],
    },
    {
      heading: '5. Cookies',
      blocks: [
        {
          kind: 'p',
          text: 'Our own visitor statistics do not use cookies (see section 1). When our staff sign in to manage the website, we use a session cookie that is strictly necessary for that purpose, and we remember your cookie choice so we do not ask you again on every page. Strictly necessary storage does not need your consent under PECR.',
        },
        {
          kind: 'p',
          text: 'We only use optional analytics, preference or marketing cookies if you agree to them. You can change your choice at any time using the ‘Cookie Settings’ link in the footer of every page. Our Cookie Policy explains the cookies we use, including those set by third-party services such as the embedded Google Maps frame, and how to control them.',
        },
      ],
    },
    {
      heading: '6. Your Rights',
      blocks: [
        {
          kind: 'p',
          text: 'Under UK data protection law you have the following rights over your personal information:',
        },
        {
          kind: 'ul',
          items: [
            'Access: you can ask for a copy of the personal information we hold about you.',
            'Rectification: you can ask us to correct information that is inaccurate or incomplete.',
            'Erasure: you can ask us to delete your information, unless we need to keep it, for example to meet our legal obligations. When we erase your information we delete your enquiries, bookings, addresses, job records, photos and reminders; the invoices we issued are accounting records that tax law requires us to keep as issued, with your name, address, contact details and vehicle, for 6 years from their date; after that your details are removed from them and only the figures stay.',
            'Restriction: you can ask us to limit how we use your information while a concern is looked into.',
            'Objection: you can object to our use of your information where we rely on legitimate interests, and to direct marketing at any time.',
            'Portability: you can ask for information you gave us to be provided in a structured, commonly used, machine-readable format, or sent to another organisation.',
            'Withdrawing consent: where we rely on your consent, you can withdraw it at any time without affecting anything we did before.',
          ],
        },
        {
          kind: 'p',
          text: 'To use any of these rights, contact us using the details in section 8. We may ask you to confirm your identity. We will respond within one month, and there is normally no charge. Because our visitor statistics cannot identify you, we are not able to find or provide page-view records about a particular person.',
        },
        {
          kind: 'p',
          text: 'If you are unhappy with how we have handled your information, please tell us first so we can try to put it right. You also have the right to complain to the Information Commissioner’s Office (ICO), the UK’s data protection regulator, at ico.org.uk or on 0303 123 1113.',
        },
      ],
    },
    {
      heading: '7. Data Retention',
      blocks: [
        {
          kind: 'p',
          text: 'We keep personal information only for as long as we need it for the purposes described in this policy:',
        },
        {
          kind: 'ul',
          items: [
            'Enquiries, with our notes on them, are deleted {enquiryRetentionMonths} months after they arrive.',
            'Invoices are kept with your details for 6 years from their date, as required by HMRC, and to deal with guarantee claims or legal claims; after that only their figures stay.',
            'Records of card payments made online and their refunds (the amount, the date, your booking reference and Stripe’s reference for the payment) are kept with your booking and its invoice, for as long as they are.',
            'Your reminders, and the vehicle’s MOT expiry date we record to send them, are kept with your booking and deleted with it. If you unsubscribe, we keep your e-mail address and the date on a do-not-send list, so that we never e-mail you a reminder again, until you subscribe again.',
            'Page-view records used for our visitor statistics are deleted after 13 months. The statistics we keep are aggregate and anonymous, and the daily secret used to create visitor identifiers is deleted at the end of each day.',
          ],
        },
        {
          kind: 'p',
          text: 'When information is no longer needed, we delete it securely or make it anonymous so that it can no longer be linked to you.',
        },
      ],
    },
    {
      heading: '8. Contact Us',
      blocks: [
        {
          kind: 'p',
          text: 'If you have any questions about this policy or how we handle your personal information, or you would like to exercise any of your rights, please contact {companyName}:',
        },
        {
          kind: 'ul',
          items: ['By e-mail: {email}', 'By phone: {formattedPhone}'],
        },
        {
          kind: 'p',
          text: 'You can also speak to us at any of our branches in {branchesAnd} during opening hours.',
        },
      ],
    },
    {
      heading: '9. Changes to This Policy',
      blocks: [
        {
          kind: 'p',
          text: 'We may update this policy from time to time, for example if we change how we collect or use information or if the law changes. The date at the top of this page shows when it was last updated.',
        },
        {
          kind: 'p',
          text: 'If we make significant changes, we will make this clear on our website and, where appropriate, tell you directly. We encourage you to check this page from time to time.',
        },
      ],
    },
  ],
};
