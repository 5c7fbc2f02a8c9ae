/** Site content for tests: the original content (the seed) and the API's answers around it. */
import type {
  PublishedSiteContent,
  SiteContent,
  SiteContentRevision,
} from '#common/site-content/site-content.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';

/** The original content, a fresh copy each time, changed by `change` when given. */
export function makeContent(change?: (content: SiteContent) => void): SiteContent {
  const content = structuredClone(seedSiteContent(defaultSiteSettings));
  change?.(content);
  return content;
}

export function makePublished(overrides: Partial<PublishedSiteContent> = {}): PublishedSiteContent {
  return {
    version: 1,
    content: makeContent(),
    publishedAt: '2026-07-01T08:05:00.000Z',
    publishedBy: null,
    ...overrides,
  };
}

export function makeRevision(overrides: Partial<SiteContentRevision> = {}): SiteContentRevision {
  return {
    id: 1,
    version: 1,
    author: null,
    createdAt: '2026-07-01T08:05:00.000Z',
    summary: 'First version, from the site’s original content',
    ...overrides,
  };
}
