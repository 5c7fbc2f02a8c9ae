import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { StoredImage } from '#common/images/images.ts';
import { apiRequest } from '#app/lib/api.ts';
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
};

/** The title and words of the toast for each action's refusal (the API's own sentence first). */
export const imageRefusals = {
  upload: { title: 'Upload failed', fallback: 'Failed to upload image' },
  replace: { title: 'Replace failed', fallback: 'Failed to replace image' },
  saveAltText: { title: 'Update failed', fallback: 'Failed to update image' },
} as const;

/**
 * What staff can do to one image, each change followed by a fresh list. A refusal of what the
 * card's form sends (a picture with its alt text, the alt text) is the form's to show.
 * The list is refreshed after failures too: a 409 means someone else made the record meanwhile.
 */
export function useImageActions({ onPictureSent, onDeleted }: ImageActionCallbacks) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: imagesQueryKey });

  const upload = useMutation({
    mutationFn: (body: FormData) => apiRequest<StoredImage>('POST', '/api/images/upload', body),
    onSuccess: () => {
      succeeded('uploaded');
      onPictureSent();
    },
    onSettled: refresh,
  });
  const replace = useMutation({
    mutationFn: ({ id, body }: { id: number; body: FormData }) =>
      apiRequest<StoredImage>('POST', `/api/images/${id}/replace`, body),
    onSuccess: () => {
      succeeded('replaced');
      onPictureSent();
    },
    onSettled: refresh,
  });
  const saveAltText = useMutation({
    mutationFn: ({ id, altText }: { id: number; altText: string }) =>
      apiRequest<StoredImage>('PUT', `/api/images/${id}`, { altText }),
    onSuccess: () => succeeded('updated'),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => apiRequest<void>('DELETE', `/api/images/${id}`),
    onSuccess: () => {
      succeeded('deleted');
      onDeleted();
    },
    onError: (error) =>
      toast({
        variant: 'destructive',
        title: 'Deletion failed',
        description: imageFailureMessage(error, 'Failed to delete image'),
      }),
    onSettled: refresh,
  });

  const busy = upload.isPending || replace.isPending || saveAltText.isPending || remove.isPending;
  return { upload, replace, saveAltText, remove, busy };
}
