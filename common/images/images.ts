import { isOneOf } from '#common/util/words.ts';
/**
 * The site's named images and the fallback shipped for each, used until
 * staff upload their own. Fallbacks are WebP renderings of design/illustrations/ at several widths
 * (scripts/build-images.ts).
 */
export const imageSlotNames = [
  'hero-background',
  'tyre-replacement',
  'puncture-repair',
  'wheel-balancing',
  'tpms-services',
  'about-image',
] as const;

export type ImageSlotName = (typeof imageSlotNames)[number];

export type ResponsiveImage = {
  /** Largest rendition, for src. */
  src: string;
  srcSet: string;
  width: number;
  height: number;
};

type FallbackImage = { name: string; width: number; height: number; widths: readonly number[] };

const wide = { width: 1600, height: 800, widths: [640, 960, 1280, 1600] } as const;
const card = { width: 800, height: 600, widths: [400, 800] } as const;

export const fallbackImages = {
  'hero-background': { name: 'hero-background', ...wide },
  'tyre-replacement': { name: 'tyre-replacement', ...card },
  'puncture-repair': { name: 'puncture-repair', ...card },
  'wheel-balancing': { name: 'wheel-balancing', ...card },
  'tpms-services': { name: 'tpms-services', ...card },
  'about-image': { name: 'about-image', ...card },
  'commercial-tyres': { name: 'commercial-tyres', ...card },
} as const satisfies Record<string, FallbackImage>;

export type FallbackImageName = keyof typeof fallbackImages;

export function fallbackImage(name: FallbackImageName): ResponsiveImage {
  const image: FallbackImage = fallbackImages[name];
  const url = (width: number) => `/images/fallback/${image.name}-${width}.webp`;
  return {
    src: url(image.widths[image.widths.length - 1]!),
    srcSet: image.widths.map((width) => `${url(width)} ${width}w`).join(', '),
    width: image.width,
    height: image.height,
  };
}

/** What each named slot is for, as the dashboard shows it, and the alt text of its shipped picture. */
export const imageSlots = {
  'hero-background': {
    label: 'Hero background',
    section: 'hero',
    defaultAlt: 'A mobile tyre fitting van parked beside a car at dusk',
  },
  'tyre-replacement': {
    label: 'Tyre Replacement',
    section: 'services',
    defaultAlt: 'A technician fitting a new tyre to a wheel',
  },
  'puncture-repair': {
    label: 'Puncture Repair',
    section: 'services',
    defaultAlt: 'A punctured tyre being repaired with a plug',
  },
  'wheel-balancing': {
    label: 'Wheel Balancing',
    section: 'services',
    defaultAlt: 'A wheel on a balancing machine',
  },
  'tpms-services': {
    label: 'TPMS Services',
    section: 'services',
    defaultAlt: 'A tyre pressure warning light on a dashboard',
  },
  'about-image': {
    label: 'About us',
    section: 'about',
    defaultAlt: "A technician fitting a wheel on a customer's driveway beside the mobile tyre van",
  },
} as const satisfies Record<ImageSlotName, { label: string; section: string; defaultAlt: string }>;

export function isImageSlotName(name: string): name is ImageSlotName {
  return isOneOf(imageSlotNames, name);
}

/** An image as the API lists it, with what a page needs for srcset. */
export type StoredImage = {
  id: number;
  name: string;
  altText: string;
  section: string | null;
  /** The largest rendition (/media/<hash>.webp); null while the record has no picture yet. */
  url: string | null;
  /** Every rendition with its width, for srcset; empty while there is no picture. */
  srcSet: string;
  width: number | null;
  height: number | null;
  createdAt: string;
  updatedAt: string;
};

/** The biggest file an upload may be; the pages check it before sending anything. */
export const imageUploadMaxBytes = 10 * 1024 * 1024;
export const imageTooLargeMessage = 'The file is larger than 10 MB. Please choose a smaller picture.';
/** Hero backgrounds look sharp on wide screens from this size up (the advice of /update-hero). */
export const heroRecommendedSize = { width: 1600, height: 800 } as const;

/** A picture as a public page shows it: its renditions and its alt text. */
export type SiteImage = ResponsiveImage & { alt: string };

/** The named slots that have an uploaded picture; the others show their shipped one. */
export type UploadedSlotImages = Partial<Record<ImageSlotName, SiteImage>>;

/** The picture a page shows for a name: the uploaded one, else the shipped fallback. */
export function siteImage(name: FallbackImageName, uploaded: UploadedSlotImages): SiteImage {
  if (!isImageSlotName(name)) return { ...fallbackImage(name), alt: '' };
  return uploaded[name] ?? { ...fallbackImage(name), alt: imageSlots[name].defaultAlt };
}
