import type { LegalDocument } from './legal-document.ts';

export const cookiePolicy: LegalDocument = {
  title: 'Cookie Policy',
  description:
    'Which cookies the {companyName} website uses, why we use them, how long they last and how to change your cookie choices at any time.',
  lastUpdated: 'August 26, 2025',
  intro: [
    {
      kind: 'p',
      text: 'This policy explains how {companyName} uses cookies and similar technologies on our website, and how you can control them. We keep cookies to a minimum: our own visitor statistics are counted without cookies, and optional cookies are only used if you agree to them.',
    },
    {
      kind: 'p',
      text: 'This policy should be read together with our Privacy Policy, which explains how we handle your personal information.',
    },
  ],
  sections: [
    {
      heading: '1. What Are Cookies',
      blocks: [
        {
          kind: 'p',
          text: 'Cookies are small text files that a website saves on your computer, phone or tablet when you visit it. They let the website remember information, such as whether you are signed in or which choices you have made. Similar technologies, such as your browser’s local storage, work in much the same way, and this policy covers them too.',
        },
        {
          kind: 'p',
          text: 'Under the Privacy and Electronic Communications Regulations (PECR), we may only use cookies that are not strictly necessary if you have given your consent.',
        },
      ],
    },
    {
      heading: '2. How We Use Cookies',
      blocks: [
        {
          kind: 'p',
          text: 'We use cookies and similar storage only to:',
        },
        {
          kind: 'ul',
          items: [
            'keep our staff signed in securely when they manage the website;',
            'remember your cookie choices so we do not ask you again on every page;',
            'if you agree, understand how visitors use the website, remember your preferences and measure how well our advertising works.',
          ],
        },
        {
          kind: 'p',
          text: 'Our own visitor statistics do not use cookies at all. We count page views using a visitor identifier made from a one-way hash of your IP address and browser user agent with a secret that changes every day, so we cannot recognise you from one day to the next and your IP address is never stored. Our Privacy Policy explains this in more detail.',
        },
      ],
    },
    {
      heading: '3. Types of Cookies We Use',
      blocks: [
        {
          kind: 'p',
          text: 'We group cookies into four categories. Only essential cookies are always on; the others are off unless you agree to them.',
        },
        {
          kind: 'ul',
          items: [
            'Essential (always on): needed for the website to work and to keep it secure, such as the session cookie used when our staff sign in, the record of your cookie choice and the note that you have seen our opening screen, so it shows only once. These cannot be switched off.',
            'Analytics (off unless you agree): help us understand how visitors find and use our website, so we can improve it.',
            'Preferences (off unless you agree): remember choices you make on the website to give you a more convenient experience.',
            'Marketing (off unless you agree): used to measure how well our advertising works, for example through tags from advertising platforms.',
          ],
        },
      ],
    },
    {
      heading: '4. How Long Cookies Last',
      blocks: [
        {
          kind: 'p',
          text: 'Some cookies are deleted when you close your browser (session cookies); others stay on your device until they expire or you delete them. The maximum durations for each category are:',
        },
        {
          kind: 'ul',
          items: [
            'Essential: for the length of your session or up to 30 days.',
            'Analytics: up to 2 years.',
            'Preferences: up to 1 year.',
            'Marketing: set by the advertising provider concerned, under its own policies.',
          ],
        },
        {
          kind: 'p',
          text: 'Your cookie choice itself is saved in your browser’s local storage, so it stays in place until you change it or clear your browser data.',
        },
      ],
    },
    {
      heading: '5. Third-Party Services',
      blocks: [
        {
          kind: 'p',
          text: 'Some content on our website is provided by other companies, which may set their own cookies or collect information under their own privacy and cookie policies:',
        },
        {
          kind: 'ul',
          items: [
            'Google Maps: our website shows an embedded Google Maps frame so you can find our branches. The map is loaded directly from Google, which receives your IP address and may set cookies.',
            'Advertising platforms: if you agree to marketing cookies, advertising platform tags may be used to measure the results of our adverts.',
          ],
        },
        {
          kind: 'p',
          text: 'We do not control these third-party cookies. Please see the relevant provider’s own policies, such as Google’s privacy policy at policies.google.com, for more information about how they use them.',
        },
      ],
    },
    {
      heading: '6. Managing Your Cookie Preferences',
      blocks: [
        {
          kind: 'p',
          text: 'When you first visit our website, we ask whether you agree to optional cookies. You can change your choice at any time using the ‘Cookie Settings’ link in the footer of every page. If you withdraw your consent, we will stop setting those cookies from then on.',
        },
        {
          kind: 'p',
          text: 'You can also block or delete cookies using your browser settings. Most browsers let you refuse all or some cookies, delete existing cookies and clear local storage; see your browser’s help pages for instructions. If you block essential cookies or storage, parts of the website may not work properly, and we may ask for your cookie choice again.',
        },
      ],
    },
    {
      heading: '7. Changes to This Policy',
      blocks: [
        {
          kind: 'p',
          text: 'We may update this policy from time to time, for example if we add new features to our website or the law changes. The date at the top of this page shows when it was last updated. If we start using a new type of optional cookie, we will ask for your consent again.',
        },
      ],
    },
    {
      heading: '8. Contact Us',
      blocks: [
        {
          kind: 'p',
          text: 'If you have any questions about our use of cookies, please contact {companyName}:',
        },
        {
          kind: 'ul',
          items: ['By e-mail: {email}', 'By phone: {formattedPhone}'],
        },
        {
          kind: 'p',
          text: 'If you have concerns about how we use cookies or your personal information, you also have the right to complain to the Information Commissioner’s Office (ICO) at ico.org.uk.',
        },
      ],
    },
  ],
};
