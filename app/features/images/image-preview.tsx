import type { ImagePreviewSource } from './site-images.ts';

type ImagePreviewProps = {
  source: ImagePreviewSource | undefined;
  alt: string;
  /** The `sizes` of the layout the preview sits in. */
  sizes: string;
  /** Hero backgrounds are wide (2:1); the other slots are 4:3. */
  wide?: boolean;
  /** The first picture on screen loads at once; the others when scrolled to. */
  eager?: boolean;
};

/** A stored picture or the shipped one, cropped to its slot's shape. */
export function ImagePreview({ source, alt, sizes, wide, eager }: ImagePreviewProps) {
  const frame = `${wide ? 'aspect-[2/1]' : 'aspect-[4/3]'} w-full bg-slate-100`;
  if (!source) {
    return (
      <div className={`${frame} flex items-center justify-center text-sm text-slate-600`}>No picture yet</div>
    );
  }
  return (
    <img
      src={source.src}
      srcSet={source.srcSet}
      sizes={source.srcSet ? sizes : undefined}
      width={source.width}
      height={source.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`${frame} object-cover`}
    />
  );
}

/** Whether a slot shows staff's own picture or the one shipped with the site. */
export function ImageSourceBadge({ uploaded }: { uploaded: boolean }) {
  return (
    <span
      className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-bold ${
        uploaded ? 'bg-brand-light text-brand-dark' : 'bg-slate-100 text-slate-700'
      }`}
    >
      {uploaded ? 'Uploaded picture' : 'Shipped picture'}
    </span>
  );
}
