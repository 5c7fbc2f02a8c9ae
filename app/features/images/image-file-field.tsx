import type { Ref } from 'react';
import { imageUploadMaxBytes } from '#common/images/images.ts';
import { acceptedImageTypes } from './site-images.ts';

const maxMegabytes = imageUploadMaxBytes / (1024 * 1024);

type ImageFileFieldProps = {
  id: string;
  label: string;
  /** The page reads the chosen file from the input when staff press its button, and clears it. */
  inputRef: Ref<HTMLInputElement>;
  disabled: boolean;
};

/** A labelled file chooser for pictures, with what it accepts said below it. */
export function ImageFileField({ id, label, inputRef, disabled }: ImageFileFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={acceptedImageTypes}
        disabled={disabled}
        aria-describedby={hintId}
        className="mt-1.5 block w-full rounded-lg text-sm text-slate-700 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:py-2 file:font-semibold file:text-ink hover:file:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink disabled:opacity-60"
      />
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        JPEG, PNG, WebP, AVIF or GIF, up to {maxMegabytes} MB.
      </p>
    </div>
  );
}
