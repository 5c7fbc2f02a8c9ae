/**
 * Shapes of the site's static text. Text may contain the tokens {companyName}, {phone},
 * {formattedPhone} and {email}: they are replaced with the site settings when a page renders, so
 * the business details live in one place (common/site-settings.ts).
 */

/** A paragraph, or a bulleted list. */
export type ContentBlock = { kind: 'p'; text: string } | { kind: 'ul'; items: string[] };

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
