import { useId, useState } from 'react';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { useJobPhotos } from './jobs-queries.ts';
import { plural } from '#common/util/words.ts';

/**
 * The job's photo count, which opens a small gallery under it: each picture opens full size in a
 * new tab. The pictures are private: the browser sends the staff session's cookie with each.
 */
export function JobPhotos({ jobId, count, reference }: { jobId: number; count: number; reference: string }) {
  const [open, setOpen] = useState(false);
  const galleryId = useId();
  if (count === 0) return <p className="text-sm text-slate-600">No photos</p>;
  return (
    <div className="grid gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={galleryId}
        onClick={() => setOpen(!open)}
        className="inline-flex min-h-8 items-center gap-1.5 justify-self-start text-sm font-semibold text-ink underline decoration-slate-300 underline-offset-2 hover:decoration-ink"
      >
        {plural(count, 'photo')}
        <span className="sr-only"> of {reference}</span>
        <span aria-hidden="true" className="text-xs text-slate-500">
          {open ? '▲' : '▼'}
        </span>
      </button>
      <div id={galleryId} hidden={!open}>
        {open && <PhotoGallery jobId={jobId} reference={reference} />}
      </div>
    </div>
  );
}

function PhotoGallery({ jobId, reference }: { jobId: number; reference: string }) {
  const photos = useJobPhotos(jobId, { enabled: true });
  if (photos.isPending) return <Spinner label="Loading photos..." />;
  if (photos.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        The photos could not be loaded ({messageOf(photos.error)}).
      </p>
    );
  }
  // Numbered among the photos alone: the signature, when there is one, comes last under its name.
  const pictures = [
    ...photos.data.filter((photo) => photo.kind === 'photo'),
    ...photos.data.filter((photo) => photo.kind === 'signature'),
  ];
  return (
    <ul aria-label={`Photos of ${reference}`} className="grid grid-cols-3 gap-2 sm:grid-cols-4">
      {pictures.map((photo, index) => (
        <li key={photo.id}>
          <a
            href={photo.url}
            target="_blank"
            rel="noreferrer"
            className="block overflow-hidden rounded-lg border border-slate-200 bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
          >
            <img
              src={photo.url}
              alt={photo.kind === 'signature' ? 'Customer’s signature' : `Photo ${index + 1} of ${reference}`}
              width={photo.width}
              height={photo.height}
              loading="lazy"
              className={`aspect-square w-full ${photo.kind === 'signature' ? 'bg-white object-contain p-1' : 'object-cover'}`}
            />
          </a>
        </li>
      ))}
    </ul>
  );
}
