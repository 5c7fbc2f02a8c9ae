import { Button } from '#app/components/ui/button.tsx';
import { useId, useRef, useState } from 'react';
import { imageFieldLimits } from '#common/images/fields.ts';
import { imageSlots, isImageSlotName, type StoredImage } from '#common/images/images.ts';
import { toast } from '#app/lib/use-toast.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { ImageFileField } from './image-file-field.tsx';
import { ImagePreview, ImageSourceBadge } from './image-preview.tsx';
import { altTextProblem, checkChosenFile, imageFormData, imagePreviewSource } from './site-images.ts';
import { useImageActions } from './image-queries.ts';

/** The grid is one column on phones, two from `sm`, three from `lg` inside the 72rem page. */
const cardImageSizes = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

type ImageCardProps = {
  /** A named slot (shown with its shipped picture until one is uploaded) or another record's name. */
  name: string;
  record: StoredImage | undefined;
};

/** One site image in the dashboard: its picture, alt text, and upload, replace and delete. */
export function ImageCard({ name, record }: ImageCardProps) {
  const slot = isImageSlotName(name) ? imageSlots[name] : undefined;
  const savedAlt = record?.altText ?? slot?.defaultAlt ?? '';
  const [altText, setAltText] = useState(savedAlt);
  const [altError, setAltError] = useState<string>();
  // A new saved value (after an upload, a delete, or another staff member's change) refills the field.
  const [shownSavedAlt, setShownSavedAlt] = useState(savedAlt);
  if (savedAlt !== shownSavedAlt) {
    setShownSavedAlt(savedAlt);
    setAltText(savedAlt);
  }

  const fileInput = useRef<HTMLInputElement>(null);
  const actions = useImageActions({
    onPictureSent: () => {
      if (fileInput.current) fileInput.current.value = '';
    },
    onDeleted: () => setAltError(undefined),
    onAltTextRefused: setAltError,
  });
  const { busy } = actions;

  const id = useId();
  const headingId = `${id}-heading`;
  const source = imagePreviewSource(name, record);
  const section = slot?.section ?? record?.section;

  /** The alt text to send, or undefined (and the field shows why) when it may not be sent. */
  function checkedAltText(): string | undefined {
    const problem = altTextProblem(name, altText);
    setAltError(problem);
    return problem ? undefined : altText.trim();
  }

  function sendPicture() {
    const chosen = checkChosenFile(
      fileInput.current?.files?.[0],
      record ? 'Replace failed' : 'Upload failed',
    );
    if (!chosen.ok) toast({ variant: 'destructive', ...chosen.problem });
    const alt = checkedAltText();
    if (!chosen.ok || alt === undefined) return;
    const { file } = chosen;
    if (record) actions.replace.mutate({ id: record.id, body: imageFormData(file, { altText: alt }) });
    else actions.upload.mutate(imageFormData(file, { name, altText: alt, section: slot?.section }));
  }

  function saveAltText() {
    const alt = checkedAltText();
    if (record && alt !== undefined) actions.saveAltText.mutate({ id: record.id, altText: alt });
  }

  return (
    <article
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      data-image-name={name}
      className="flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <ImagePreview source={source} alt={savedAlt} sizes={cardImageSizes} />
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} className="text-lg font-bold break-words text-ink">
              {slot?.label ?? name}
            </h3>
            <p className="text-sm text-slate-600">Section: {section ?? 'none'}</p>
          </div>
          {source && <ImageSourceBadge uploaded={source.uploaded} />}
        </div>

        <FormField id={`${id}-alt`} label="Alt text" error={altError}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={altText}
              maxLength={imageFieldLimits.altText}
              disabled={busy}
              onChange={(event) => {
                setAltText(event.target.value);
                if (altError) setAltError(altTextProblem(name, event.target.value));
              }}
            />
          )}
        </FormField>

        <ImageFileField id={`${id}-file`} label="Image file" inputRef={fileInput} disabled={busy} />

        <div className="mt-auto flex flex-wrap gap-2">
          <Button type="button" onClick={sendPicture} disabled={busy} variant="primary">
            {actions.upload.isPending || actions.replace.isPending
              ? 'Uploading...'
              : record
                ? 'Replace'
                : 'Upload'}
          </Button>
          {record && (
            <Button type="button" onClick={saveAltText} disabled={busy} variant="outline">
              {actions.saveAltText.isPending ? 'Saving...' : 'Save alt text'}
            </Button>
          )}
          {record && (
            <ConfirmDialog
              trigger={
                <Button type="button" disabled={busy} variant="danger" className="sm:ml-auto">
                  {actions.remove.isPending ? 'Deleting...' : 'Delete'}
                </Button>
              }
              title="Delete image"
              description={
                slot
                  ? `Delete the uploaded picture for ${slot.label}? The website will show the shipped picture again.`
                  : `Delete the image ${name}? This cannot be undone.`
              }
              confirmLabel="Delete"
              destructive
              onConfirm={() => actions.remove.mutate(record.id)}
            />
          )}
        </div>
      </div>
    </article>
  );
}
