/**
 * Shapes of the site's static text. Text may contain the tokens {companyName}, {phone},
 * {formattedPhone} and {email}: they are replaced with the business details of the published site
 * content when a page renders, and opening hours come from it too (blocks `branchHours` and
 * `contactHours`), so the facts staff edit are never written here.
 */

/**
 * A paragraph, a bulleted list, or opening hours from the published site content: each branch's
 * week (`branchHours`) or the general contact hours (`contactHours`), as a bulleted list.
 */
export type ContentBlock =
  | { kind: 'p'; text: string }
  | { kind: 'ul'; items: string[] }
  | { kind: 'branchHours' }
  | { kind: 'contactHours' };

export type ContentSection = {
  heading: string;
  blocks: ContentBlock[];
};

export type LegalDocument = {
  title: string;
  /** For the page's meta description (under 160 characters). */
  description: string;
  lastUpdated: 'August 26, 2025';
  intro: ContentBlock[];
  sections: ContentSection[];
};

export type InfoPage = {
  /** The page's <h1>. */
  title: string;
  /** For the <title> tag (under 60 characters, without the company name). */
  metaTitle: string;
  /** For the meta description (under 160 characters). */
  description: string;
  keywords: string[];
  /** One or two sentences under the heading. */
  lead: string;
  sections: ContentSection[];
  faqs: { question: string; answer: string }[];
};
