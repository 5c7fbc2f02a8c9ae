import { imageRecordSchema } from '#common/images/fields.ts';
import {
  fallbackImage,
  imageTooLargeMessage,
  isImageSlotName,
  imageUploadMaxBytes,
  type StoredImage,
} from '#common/images/images.ts';
import { ApiError } from '#app/lib/api.ts';

/** GET /api/images: stale after 5 minutes, refetched on window focus. */
export const imagesQueryKey = ['/api/images'] as const;
export const imagesStaleTimeMs = 300_000;

export const fetchImagesFailed = 'Failed to fetch images';

/** What the server decodes (it re-encodes everything; SVG is refused). */
export const acceptedImageTypes = 'image/jpeg,image/png,image/webp,image/avif,image/gif';

/** What the hero upload says of a failure that is not even an Error. */
const unknownErrorMessage = 'An unknown error occurred';

type ToastText = { title: string; description: string };

/**
 * The text of an image failure: the API's own sentence, else `fallback` when the API sent none
 * (without one, the '{status}: {body}' of `ApiError`), else what the browser said
 * (a network failure).
 */
export function imageFailureMessage(error: unknown, fallback?: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback ?? error.message;
  if (error instanceof Error) return error.message || (fallback ?? unknownErrorMessage);
  return unknownErrorMessage;
}

type ChosenFile<F> = { ok: true; file: F } | { ok: false; problem: ToastText };

/**
 * The file staff chose, or why it must not be sent, as a toast. Too large a file is refused here,
 * before a long upload ends in a 413.
 */
export function checkChosenFile<F extends { size: number }>(
  file: F | null | undefined,
  failedTitle: string,
): ChosenFile<F> {
  if (!file) {
    return {
      ok: false,
      problem: { title: 'No file selected', description: 'Please select an image file to upload' },
    };
  }
  if (file.size > imageUploadMaxBytes) {
    return { ok: false, problem: { title: failedTitle, description: imageTooLargeMessage } };
  }
  return { ok: true, file };
}

/** The alt text rule of an image record (common/images/fields.ts): required for a named slot. */
export function altTextProblem(name: string, altText: string): string | undefined {
  const parsed = imageRecordSchema.safeParse({ name, altText });
  return parsed.success
    ? undefined
    : parsed.error.issues.find((issue) => issue.path[0] === 'altText')?.message;
}

/** A multipart upload body. The text fields go first, so the server knows them before the bytes. */
export function imageFormData(file: Blob, fields: Record<string, string | null | undefined> = {}): FormData {
  const body = new FormData();
  for (const [field, value] of Object.entries(fields)) {
    if (value != null) body.append(field, value);
  }
  body.append('image', file);
  return body;
}

export type ImagePreviewSource = {
  src: string;
  srcSet: string | undefined;
  width: number | undefined;
  height: number | undefined;
  uploaded: boolean;
};

/** What a slot shows: its uploaded picture, else the picture shipped with the site, else nothing. */
export function imagePreviewSource(
  name: string,
  record: StoredImage | undefined,
): ImagePreviewSource | undefined {
  if (record?.url) {
    return {
      src: record.url,
      srcSet: record.srcSet || undefined,
      width: record.width ?? undefined,
      height: record.height ?? undefined,
      uploaded: true,
    };
  }
  if (!isImageSlotName(name)) return undefined;
  return { ...fallbackImage(name), uploaded: false };
}
