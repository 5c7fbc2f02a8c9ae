import {
  siteContentConflictMessage,
  siteContentSchema,
  type PublishedSiteContent,
  type SiteContent,
  type SiteContentRevision,
} from '#common/site-content/site-content.ts';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '#app/lib/api.ts';
import { type FieldErrors } from '#app/components/editor/draft.ts';

/** GET /api/site-content: the published document. */
export const siteContentQueryKey = ['/api/site-content'] as const;
/** GET /api/site-content/revisions, a page at a time. */
export const revisionsQueryKey = ['/api/site-content/revisions'] as const;
const revisionsPageSize = 20;

const fetchRevisions = (before: number | undefined) =>
  apiRequest<SiteContentRevision[]>(
    'GET',
    `/api/site-content/revisions?limit=${revisionsPageSize}${before ? `&before=${before}` : ''}`,
  );

/** The published document, fetched afresh each time the Content tab opens. */
export const usePublishedSiteContent = () =>
  useQuery<PublishedSiteContent>({ queryKey: siteContentQueryKey, staleTime: 0 });

/** Every published version, newest first, a page at a time. */
export const useRevisions = () =>
  useInfiniteQuery({
    queryKey: revisionsQueryKey,
    queryFn: ({ pageParam }) => fetchRevisions(pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page: SiteContentRevision[]) =>
      page.length < revisionsPageSize ? undefined : page[page.length - 1]!.version,
  });

/** What became of a publication. */
type PublishResult =
  | { outcome: 'published'; published: PublishedSiteContent }
  /** Someone published since `version`: nothing was written; their version and the server's words. */
  | { outcome: 'conflict'; current: PublishedSiteContent; message: string }
  /** The server refused fields (400), with a message for each. */
  | { outcome: 'refused'; message: string; fieldErrors: FieldErrors };

/** The current version a 409 carries, when it is one. */
function conflictOf(error: ApiError): PublishedSiteContent | undefined {
  const current = error.body.current as Partial<PublishedSiteContent> | undefined;
  if (!current || !Number.isInteger(current.version) || typeof current.publishedAt !== 'string') {
    return undefined;
  }
  const content = siteContentSchema.safeParse(current.content);
  if (!content.success) return undefined;
  return {
    version: current.version!,
    content: content.data,
    publishedAt: current.publishedAt,
    publishedBy: current.publishedBy ?? null,
  };
}

/**
 * PUT /api/site-content: publishes `content` as the successor of `version`. A conflict and a
 * refusal are answers to show, not failures; anything else (the network, a 500) throws.
 */
export async function publishContent(version: number, content: SiteContent): Promise<PublishResult> {
  try {
    const published = await apiRequest<PublishedSiteContent>('PUT', '/api/site-content', {
      version,
      content,
    });
    return { outcome: 'published', published };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      const current = conflictOf(error);
      if (current) {
        return { outcome: 'conflict', current, message: error.serverMessage ?? siteContentConflictMessage };
      }
    }
    if (error instanceof ApiError && error.status === 400 && error.fieldErrors) {
      return {
        outcome: 'refused',
        message: error.serverMessage ?? error.message,
        fieldErrors: error.fieldErrors,
      };
    }
    throw error;
  }
}

/** POST /api/site-content/revisions/:id/restore: that revision's content becomes the newest version. */
export const restoreRevision = (id: number) =>
  apiRequest<PublishedSiteContent>('POST', `/api/site-content/revisions/${id}/restore`);
