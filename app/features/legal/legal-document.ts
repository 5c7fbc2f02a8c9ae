import type { ContentBlock, ContentSection } from '#common/site-content/info-pages.ts';

/**
 * A legal page's text (privacy, terms, cookies). Texts may name the business's facts by token
 * ({companyName}, {radiusMiles}, {price:callout-surcharge}, …; common/site-content/facts.ts), which
 * the page's loader fills in from the published content, and opening hours come from it too
 * (blocks `branchHours` and `contactHours`), so the facts staff edit are never written here.
 */
export type LegalDocument = {
  title: string;
  /** For the page's meta description (under 160 characters). */
  description: string;
  lastUpdated: 'August 26, 2025';
  intro: ContentBlock[];
  sections: ContentSection[];
};
