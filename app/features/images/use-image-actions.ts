import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StoredImage } from '#common/images/images.ts';
import { ApiError, apiRequest } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { imageFailureMessage, imagesQueryKey } from './site-images.ts';

/** The success toasts: 'Image uploaded' / 'The image has been uploaded successfully', and so on. */
const succeeded = (done: 'uploaded' | 'replaced' | 'updated' | 'deleted') =>
  toast({ title: `Image ${done}`, description: `The image has been ${done} successfully` });

type ImageActionCallbacks = {
  /** A picture went up: the card clears its file chooser. */
  onPictureSent: () => void;
  onDeleted: () => void;
  /** The API refused the alt text (`fieldErrors.altText`): the card shows it on the field. */
  onAltTextRefused: (message: string) => void;
};

/**
 * What staff can do to one image, each change followed by a fresh list.
 * The list is refreshed after failures too: a 409 means someone else made the record meanwhile.
 */
export function useImageActions({ onPictureSent, onDeleted, onAltTextRefused }: ImageActionCallbacks) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: imagesQueryKey });
  const failed = (title: string, fallback: string) => (error: Error) => {
    const refused = error instanceof ApiError ? error.fieldErrors?.altText?.[0] : undefined;
    if (refused) onAltTextRefused(refused);
    toast({ variant: 'destructive', title, description: imageFailureMessage(error, fallback) });
  };

  const upload = useMutation({
    mutationFn: (body: FormData) => apiRequest<StoredImage>('POST', '/api/images/upload', body),
    onSuccess: () => {
      succeeded('uploaded');
      onPictureSent();
    },
    onError: failed('Upload failed', 'Failed to upload image'),
    onSettled: refresh,
  });
  const replace = useMutation({
    mutationFn: ({ id, body }: { id: number; body: FormData }) =>
      apiRequest<StoredImage>('POST', `/api/images/${id}/replace`, body),
    onSuccess: () => {
      succeeded('replaced');
      onPictureSent();
    },
    onError: failed('Replace failed', 'Failed to replace image'),
    onSettled: refresh,
  });
  const saveAltText = useMutation({
    mutationFn: ({ id, altText }: { id: number; altText: string }) =>
      apiRequest<StoredImage>('PUT', `/api/images/${id}`, { altText }),
    onSuccess: () => succeeded('updated'),
    onError: failed('Update failed', 'Failed to update image'),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/images/${id}`),
    onSuccess: () => {
      succeeded('deleted');
      onDeleted();
    },
    onError: failed('Deletion failed', 'Failed to delete image'),
    onSettled: refresh,
  });

  const busy = upload.isPending || replace.isPending || saveAltText.isPending || remove.isPending;
  return { upload, replace, saveAltText, remove, busy };
}
