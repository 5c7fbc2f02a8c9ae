/**
 * The site's named images (spec section 3, Image) and the fallback shipped for each, used until
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
