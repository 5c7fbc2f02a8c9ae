import { Button } from '#app/components/ui/button.tsx';
import { useId, useRef } from 'react';
import { useForm, type Resolver, type ResolverResult } from 'react-hook-form';
import { imageFieldLimits } from '#common/images/fields.ts';
import { imageSlots, isImageSlotName, type StoredImage } from '#common/images/images.ts';
import { toast } from '#app/lib/use-toast.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { FormField } from '#app/components/ui/form-field.tsx';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { ImageFileField } from './image-file-field.tsx';
import { ImagePreview, ImageSourceBadge } from './image-preview.tsx';
import {
  altTextProblem,
  checkChosenFile,
  imageFailureMessage,
  imageFormData,
  imagePreviewSource,
} from './site-images.ts';
import { imageRefusals, useImageActions } from './image-queries.ts';

/** The grid is one column on phones, two from `sm`, three from `lg` inside the 72rem page. */
const cardImageSizes = '(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw';

type AltTextValues = { altText: string };

/** The alt text's check, by the image record's rule (required for a named slot): sent trimmed. */
function altTextResolver(name: string): Resolver<AltTextValues> {
  return ({ altText }): ResolverResult<AltTextValues> => {
    const problem = altTextProblem(name, altText);
    if (problem) return { values: {}, errors: { altText: { type: 'validate', message: problem } } };
    return { values: { altText: altText.trim() }, errors: {} };
  };
}

type ImageCardProps = {
  /** A named slot (shown with its shipped picture until one is uploaded) or another record's name. */
  name: string;
  record: StoredImage | undefined;
};

/** One site image in the dashboard: its picture, alt text, and upload, replace and delete. */
export function ImageCard({ name, record }: ImageCardProps) {
  const slot = isImageSlotName(name) ? imageSlots[name] : undefined;
  const savedAlt = record?.altText ?? slot?.defaultAlt ?? '';
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors },
  } = useForm<AltTextValues>({
    resolver: altTextResolver(name),
    // A new saved value (after an upload, a delete, or another staff member's change) refills the field.
    values: { altText: savedAlt },
  });

  const fileInput = useRef<HTMLInputElement>(null);
  const actions = useImageActions({
    onPictureSent: () => {
      if (fileInput.current) fileInput.current.value = '';
    },
    onDeleted: () => clearErrors(),
  });
  const { busy } = actions;
  const refused = (action: keyof typeof imageRefusals) => (error: Error) =>
    showRefusal(error, {
      fields: ['altText'],
      setError,
      title: imageRefusals[action].title,
      describe: (failure) => imageFailureMessage(failure, imageRefusals[action].fallback),
    });

  const id = useId();
  const headingId = `${id}-heading`;
  const source = imagePreviewSource(name, record);
  const section = slot?.section ?? record?.section;

  function sendPicture() {
    const chosen = checkChosenFile(
      fileInput.current?.files?.[0],
      record ? 'Replace failed' : 'Upload failed',
    );
    if (!chosen.ok) toast({ variant: 'destructive', ...chosen.problem });
    void handleSubmit(({ altText }) => {
      if (!chosen.ok) return;
      const { file } = chosen;
      if (record) {
        actions.replace.mutate(
          { id: record.id, body: imageFormData(file, { altText }) },
          { onError: refused('replace') },
        );
      } else {
        actions.upload.mutate(imageFormData(file, { name, altText, section: slot?.section }), {
          onError: refused('upload'),
        });
      }
    })();
  }

  function saveAltText() {
    void handleSubmit(({ altText }) => {
      if (record) actions.saveAltText.mutate({ id: record.id, altText }, { onError: refused('saveAltText') });
    })();
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

        <FormField id={`${id}-alt`} label="Alt text" error={errors.altText?.message}>
          {(control) => (
            <input
              {...control}
              type="text"
              maxLength={imageFieldLimits.altText}
              disabled={busy}
              // In the markup before scripts run too; react-hook-form fills the field once mounted.
              defaultValue={savedAlt}
              {...register('altText')}
            />
          )}
        </FormField>

        <ImageFileField id={`${id}-file`} label="Image file" inputRef={fileInput} disabled={busy} />

        <ImageCardButtons
          name={name}
          record={record}
          actions={actions}
          onSendPicture={sendPicture}
          onSaveAltText={saveAltText}
        />
      </div>
    </article>
  );
}

type ImageCardButtonsProps = {
  name: string;
  record: StoredImage | undefined;
  actions: ReturnType<typeof useImageActions>;
  onSendPicture: () => void;
  onSaveAltText: () => void;
};

/** Upload or Replace, Save alt text, and Delete (after a confirmation). */
function ImageCardButtons({ name, record, actions, onSendPicture, onSaveAltText }: ImageCardButtonsProps) {
  const slot = isImageSlotName(name) ? imageSlots[name] : undefined;
  const { busy } = actions;
  return (
    <div className="mt-auto flex flex-wrap gap-2">
      <Button type="button" onClick={onSendPicture} disabled={busy} variant="primary">
        {actions.upload.isPending || actions.replace.isPending
          ? 'Uploading...'
          : record
            ? 'Replace'
            : 'Upload'}
      </Button>
      {record && (
        <Button type="button" onClick={onSaveAltText} disabled={busy} variant="outline">
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
  );
}
