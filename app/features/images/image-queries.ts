import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StoredImage } from '#common/images/images.ts';
import { ApiError, apiRequest } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import {
  fetchImagesFailed,
  imageFailureMessage,
  imageFormData,
  imagesQueryKey,
  imagesStaleTimeMs,
} from './site-images.ts';

/**
 * The site's image records. A failure is also told once as a toast, and again
 * only when a later fetch fails anew.
 */
export function useSiteImages() {
  const images = useQuery<StoredImage[]>({
    queryKey: imagesQueryKey,
    staleTime: imagesStaleTimeMs,
    refetchOnWindowFocus: true,
  });
  const error = images.isError ? images.error : null;
  useEffect(() => {
    if (error) {
      toast({
        variant: 'destructive',
        title: fetchImagesFailed,
        description: imageFailureMessage(error),
      });
    }
  }, [error]);
  return images;
}

/** POST /api/upload-hero: the /update-hero form's picture becomes the hero background. */
export function useHeroUpload({ onUploaded }: { onUploaded: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => apiRequest<StoredImage>('POST', '/api/upload-hero', imageFormData(file)),
    onSuccess: () => {
      toast({
        title: 'Background updated',
        description: 'The hero background image has been updated successfully',
      });
      onUploaded();
    },
    onError: (error: unknown) =>
      toast({
        variant: 'destructive',
        title: 'Upload failed',
        description: imageFailureMessage(error, 'Failed to upload image'),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: imagesQueryKey }),
  });
}

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
