import { useEffect, useRef } from 'react';
import { CloseIcon } from '#app/components/ui/icons.tsx';
import { CameraIcon } from '#app/components/ui/staff-icons.tsx';
import { plural } from '#common/util/words.ts';

/**
 * The job's photos, taken one after another with the phone's camera (or chosen from its pictures):
 * each new one is added to those already taken, up to `room`, and shown as a thumbnail that can be
 * taken out again before the job is sent.
 */
export function PhotoPicker({
  id,
  room,
  photos,
  onChange,
}: {
  id: string;
  room: number;
  photos: File[];
  onChange: (photos: File[]) => void;
}) {
  const full = photos.length >= room;

  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Photos (up to {room})
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        capture="environment"
        multiple
        disabled={full}
        onChange={(changed) => {
          const chosen = [...(changed.target.files ?? [])];
          // Cleared, so that the same picture can be chosen again after taking it out.
          changed.target.value = '';
          onChange([...photos, ...chosen].slice(0, room));
        }}
        className="peer sr-only"
      />
      <label
        htmlFor={id}
        aria-hidden="true"
        className="mt-1.5 flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-slate-400 bg-white px-4 py-2.5 font-semibold text-ink peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ink peer-disabled:cursor-not-allowed peer-disabled:opacity-60"
      >
        <CameraIcon className="size-5" />
        {full ? 'No room for more photos' : photos.length === 0 ? 'Take a photo' : 'Take another photo'}
      </label>
      <p className="mt-2 text-sm text-slate-700 empty:hidden" aria-live="polite">
        {photos.length === 0 ? '' : `${plural(photos.length, 'photo')} to send with the job`}
      </p>
      {photos.length > 0 && (
        <ul className="mt-2 grid grid-cols-3 gap-2">
          {photos.map((photo, index) => (
            <li key={`${index}:${photo.name}:${photo.lastModified}`} className="relative">
              <Thumbnail photo={photo} alt={`Photo ${index + 1}`} />
              <button
                type="button"
                aria-label={`Take out photo ${index + 1}`}
                className="absolute top-1 right-1 grid size-10 place-items-center rounded-full border border-slate-300 bg-white/90 text-ink shadow-sm hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
                onClick={() => onChange(photos.filter((_, kept) => kept !== index))}
              >
                <CloseIcon className="size-5" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A photo on the phone, shown from its own address, given back when it goes. */
function Thumbnail({ photo, alt }: { photo: File; alt: string }) {
  const image = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const url = URL.createObjectURL(photo);
    if (image.current) image.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  return (
    <img
      ref={image}
      alt={alt}
      className="aspect-square w-full rounded-lg border border-slate-200 bg-slate-100 object-cover"
    />
  );
}
