/** The services the business offers as cards and detail pages (spec section 2, service slugs). */
export const serviceSlugs = [
  'tyre-replacement',
  'puncture-repair',
  'wheel-balancing',
  'tpms-services',
  'commercial-tyres',
] as const;

export type ServiceSlug = (typeof serviceSlugs)[number];

/** One entry of GET /api/services (spec section 3, "Service (server list)"). */
export type ServiceSummary = {
  id: ServiceSlug;
  slug: ServiceSlug;
  title: string;
  description: string;
  image: string;
};

function isServiceSummary(value: unknown): value is ServiceSummary {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return (
    serviceSlugs.includes(entry.slug as ServiceSlug) &&
    entry.id === entry.slug &&
    ['title', 'description', 'image'].every((field) => typeof entry[field] === 'string')
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

export const services: readonly ServiceSummary[] = [
  {
    id: 'tyre-replacement',
    slug: 'tyre-replacement',
    title: 'Tyre Replacement',
    description:
      'New economy, mid-range, premium and run-flat tyres supplied and fitted at your home, work or roadside.',
    image: '/images/fallback/tyre-replacement-800.webp',
  },
  {
    id: 'puncture-repair',
    slug: 'puncture-repair',
    title: 'Puncture Repair',
    description:
      'Safe, legal puncture repairs to British Standard BS AU 159, usually completed in under 30 minutes.',
    image: '/images/fallback/puncture-repair-800.webp',
  },
  {
    id: 'wheel-balancing',
    slug: 'wheel-balancing',
    title: 'Wheel Balancing',
    description:
      'Computerised balancing that stops steering-wheel vibration and uneven tyre wear, including alloy wheels.',
    image: '/images/fallback/wheel-balancing-800.webp',
  },
  {
    id: 'tpms-services',
    slug: 'tpms-services',
    title: 'TPMS Services',
    description:
      'Tyre pressure monitoring sensors diagnosed, replaced and reset so your warning light tells the truth.',
    image: '/images/fallback/tpms-services-800.webp',
  },
  {
    id: 'commercial-tyres',
    slug: 'commercial-tyres',
    title: 'Commercial Tyres',
    description:
      'Van and light commercial tyres fitted on site to keep your business moving, with fleet pricing on request.',
    image: '/images/fallback/commercial-tyres-800.webp',
  },
];
