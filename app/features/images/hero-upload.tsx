import { useId, useRef, type FormEvent, type MouseEvent } from 'react';
import { Link } from 'react-router';
import { heroRecommendedSize, imageSlots } from '#common/images/images.ts';
import { useHydrated } from '#app/lib/hydration.ts';
import { toast } from '#app/lib/use-toast.ts';
import { ImageFileField } from './image-file-field.tsx';
import { ImagePreview, ImageSourceBadge } from './image-preview.tsx';
import { useHeroUpload, useSiteImages } from './image-queries.ts';
import { ImagesFailure } from './images-tab.tsx';
import { checkChosenFile, imagePreviewSource } from './site-images.ts';

const heroName = 'hero-background';

/** The advice under the /update-hero form's picture field. */
export const heroRecommendation = `For best results, use an image of at least ${heroRecommendedSize.width}x${heroRecommendedSize.height} pixels.`;

/** The page's card is 36rem wide, less its padding. */
const previewSizes = '(min-width: 640px) 512px, calc(100vw - 5rem)';

const buttonClass =
  'inline-flex items-center justify-center rounded-lg px-5 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink';

/** A link that, like the buttons beside it, cannot be used while the upload runs. */
function pausedLinkProps(paused: boolean) {
  return {
    'aria-disabled': paused || undefined,
    tabIndex: paused ? -1 : undefined,
    onClick: (event: MouseEvent) => {
      if (paused) event.preventDefault();
    },
  };
}

/** The hero background now on the site: staff's upload, else the shipped picture. */
function CurrentBackground() {
  const images = useSiteImages();
  if (images.isPending) {
    return (
      <div role="status" className="flex aspect-[2/1] w-full items-center justify-center bg-slate-100">
        <span
          className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-brand"
          aria-hidden="true"
        />
        <span className="sr-only">Loading the current background...</span>
      </div>
    );
  }
  if (images.data === undefined) {
    return <ImagesFailure error={images.error} onRetry={() => void images.refetch()} />;
  }
  const record = images.data.find((image) => image.name === heroName);
  const source = imagePreviewSource(heroName, record);
  return (
    <>
      <ImagePreview
        source={source}
        alt={record?.altText ?? imageSlots[heroName].defaultAlt}
        sizes={previewSizes}
        wide
        eager
      />
      {source && (
        <figcaption className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm text-slate-600">
          Current background
          <ImageSourceBadge uploaded={source.uploaded} />
        </figcaption>
      )}
    </>
  );
}

/** The /update-hero form: choose a picture, send it, see it. */
export function HeroUpload() {
  // Without scripts the form could not send the picture; it stays disabled until hydrated.
  const ready = useHydrated();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();

  const upload = useHeroUpload({
    onUploaded: () => {
      if (fileInput.current) fileInput.current.value = '';
    },
  });
  const uploading = upload.isPending;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const chosen = checkChosenFile(fileInput.current?.files?.[0], 'Upload failed');
    if (chosen.ok) upload.mutate(chosen.file);
    else toast({ variant: 'destructive', ...chosen.problem });
  }

  return (
    <div className="mt-6 grid gap-6">
      <figure className="overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
        <CurrentBackground />
      </figure>
      <form onSubmit={onSubmit} noValidate aria-label="Update Background" className="grid gap-5">
        <ImageFileField id={fileId} label="Background image" inputRef={fileInput} disabled={uploading} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <button
            type="submit"
            disabled={!ready || uploading}
            className={`${buttonClass} bg-brand text-ink shadow-sm hover:bg-brand-dark hover:text-white disabled:cursor-not-allowed disabled:opacity-60`}
          >
            {uploading ? 'Uploading...' : 'Update Background'}
          </button>
          <Link
            to="/"
            {...pausedLinkProps(uploading)}
            className={`${buttonClass} border border-slate-300 text-ink hover:bg-slate-100 aria-disabled:pointer-events-none aria-disabled:opacity-60`}
          >
            Back to Home
          </Link>
        </div>
      </form>
      <p className="text-sm text-slate-600">
        Other pictures of the site are in the{' '}
        <Link
          to="/admin/dashboard/images"
          {...pausedLinkProps(uploading)}
          className="font-semibold text-brand-dark underline underline-offset-4 aria-disabled:pointer-events-none aria-disabled:opacity-60"
        >
          dashboard&apos;s Images section
        </Link>
        .
      </p>
    </div>
  );
}
