import {
  siteContentLimits,
  slugPattern,
  weekdays,
  type BranchContent,
  type ServiceContent,
} from '#common/site-content/site-content.ts';

/** An address from a name: "Wheel Balancing & Alignment" becomes "wheel-balancing-and-alignment". */
export function slugFromTitle(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, siteContentLimits.slug)
    .replace(/-+$/, '');
}

/** `wanted`, or `wanted-2`, `wanted-3`… when it is taken. */
export function uniqueKey(wanted: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  const stem = wanted || 'entry';
  if (!used.has(stem)) return stem;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${stem.slice(0, siteContentLimits.slug - String(suffix).length - 1)}-${suffix}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Why a new service's address cannot be used, or undefined when it can. */
export function newServiceAddressProblem(
  slug: string,
  services: readonly ServiceContent[],
): string | undefined {
  if (slug.length < 2) return 'Enter an address of at least 2 characters';
  if (slug.length > siteContentLimits.slug) return `Must be ${siteContentLimits.slug} characters or fewer`;
  if (!slugPattern.test(slug)) {
    return 'Use lower-case letters, digits and single dashes, for example puncture-repair';
  }
  if (services.some((service) => service.slug === slug)) return 'Another service already uses this address';
  return undefined;
}

/**
 * A new service, shown on the site once it is published. Its key comes from its first address
 * and never changes afterwards (it names the service's picture and follows renames), so it must
 * differ from every key in use, including those of services whose address has changed since.
 */
export function newService(
  { title, slug }: { title: string; slug: string },
  services: readonly ServiceContent[],
): ServiceContent {
  return {
    key: uniqueKey(
      slug,
      services.map((service) => service.key),
    ),
    slug,
    formerSlugs: [],
    title: title.trim(),
    description: '',
    longDescription: [''],
    benefits: [],
    pricing: [{ name: '', price: '' }],
    keywords: [],
    visible: true,
    inHeaderMenu: false,
  };
}

/** A new branch named `name`, open when the first branch is open (staff adjust the rest). */
export function newBranch(name: string, branches: readonly BranchContent[]): BranchContent {
  const template = branches[0]?.hours;
  const hours = Object.fromEntries(
    weekdays.map((day) => [
      day,
      template ? { ...template[day] } : { closed: day === 'sunday', opens: '08:00', closes: '17:00' },
    ]),
  ) as BranchContent['hours'];
  return {
    key: uniqueKey(
      slugFromTitle(name) || 'branch',
      branches.map((branch) => branch.key),
    ),
    name: name.trim(),
    phone: '',
    formattedPhone: '',
    address: { street: '', locality: '', postcode: '' },
    hours,
    sundayNote: '',
  };
}
