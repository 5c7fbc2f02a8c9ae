import { fallbackImages, type FallbackImageName } from '#common/images/images.ts';

/**
 * One entry of GET /api/services: a service shown on the site. `id` is its slug, as the list
 * of services has always had it.
 */
export type ServiceSummary = {
  id: string;
  slug: string;
  title: string;
  description: string;
  image: string;
};

function isServiceSummary(value: unknown): value is ServiceSummary {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    ['id', 'slug', 'title', 'description', 'image'].every((field) => typeof entry[field] === 'string') &&
    entry.id === entry.slug
  );
}

/**
 * Reads an API answer that should be a list of services. Anything that is not a list yields an
 * empty list (the page then says 'No services available at the moment'); malformed entries are
 * left out rather than breaking the page. (No validation library: this runs in every page.)
 */
export function parseServiceList(value: unknown): ServiceSummary[] {
  return Array.isArray(value) ? value.filter(isServiceSummary) : [];
}

/**
 * The picture a service shows: the one named by its key (the five services of a new site have
 * their own), else the tyre fitting picture for a service the staff added.
 */
export function servicePictureName(key: string): FallbackImageName {
  const own = key in fallbackImages && key !== 'hero-background' && key !== 'about-image';
  return own ? (key as FallbackImageName) : 'tyre-replacement';
}
