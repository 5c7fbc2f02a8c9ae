import { messageOf } from '#app/lib/api.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Dispatch } from 'react';
import type {
  PublishedSiteContent,
  SiteContent,
  SiteContentRevision,
} from '#common/site-content/site-content.ts';
import { toast } from '#app/lib/use-toast.ts';
import {
  publishContent,
  restoreRevision,
  revisionsQueryKey,
  siteContentQueryKey,
} from './content-queries.ts';
import { type EditorAction } from './draft-state.ts';

/** Ids of the parts of the section that take focus after an answer. */
export const errorSummaryId = 'content-error-summary';
export const conflictNoticeId = 'content-conflict';

/** Moves focus (and the view) to an element once it has rendered. */
export function focusWhenShown(id: string) {
  requestAnimationFrame(() => {
    const element = document.getElementById(id);
    element?.focus({ preventScroll: true });
    element?.scrollIntoView({ block: 'start' });
  });
}

/**
 * Publishing the draft and restoring an earlier version. Each new version becomes what the
 * editor edits from; a conflict and a refusal are shown in the section, not only as a toast.
 */
export function useContentPublishing(dispatch: Dispatch<EditorAction>) {
  const queryClient = useQueryClient();

  const becameCurrent = (published: PublishedSiteContent) => {
    queryClient.setQueryData(siteContentQueryKey, published);
    void queryClient.invalidateQueries({ queryKey: revisionsQueryKey });
    dispatch({ type: 'load', published });
  };

  const publish = useMutation({
    mutationFn: ({ version, content }: { version: number; content: SiteContent }) =>
      publishContent(version, content),
    onSuccess: (result) => {
      switch (result.outcome) {
        case 'published':
          becameCurrent(result.published);
          toast({
            title: 'Changes published',
            description: `Version ${result.published.version} is now on the site.`,
          });
          return;
        case 'conflict':
          queryClient.setQueryData(siteContentQueryKey, result.current);
          void queryClient.invalidateQueries({ queryKey: revisionsQueryKey });
          dispatch({ type: 'conflict', conflict: { current: result.current, message: result.message } });
          focusWhenShown(conflictNoticeId);
          return;
        case 'refused':
          dispatch({ type: 'refused', fieldErrors: result.fieldErrors });
          toast({ variant: 'destructive', title: 'Not published', description: result.message });
          focusWhenShown(errorSummaryId);
          return;
      }
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Publishing failed', description: messageOf(error) }),
  });

  const restore = useMutation({
    mutationFn: (revision: SiteContentRevision) => restoreRevision(revision.id),
    onSuccess: (published, revision) => {
      becameCurrent(published);
      toast({
        title: `Version ${revision.version} restored`,
        description: `Its content is on the site again, as version ${published.version}.`,
      });
    },
    onError: (error) =>
      toast({ variant: 'destructive', title: 'Restore failed', description: messageOf(error) }),
  });

  return { publish, restore };
}
