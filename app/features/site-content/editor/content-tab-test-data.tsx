import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { PublishedSiteContent, SiteContent } from '#common/site-content/site-content.ts';
import { makePublished, makeRevision } from '#tests/support/site-content.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import {
  answer,
  serveApi,
  type ApiAnswer,
  type ApiReply,
  type ApiRoute,
  type ServedApi,
} from '#tests/support/api-handlers.ts';
import { renderWithQueries } from '#tests/support/dom.tsx';
import { revisionsQueryKey, siteContentQueryKey } from './content-queries.ts';
import { ContentTab } from './content-tab.tsx';

/** Answers by route, each typed by what its route answers. */
type ContentAnswers = { [Route in ApiRoute]?: ApiAnswer<Route> };

/** The Content tab on `published`, the API answering as `answers` say (the content and its revisions by default). */
export function renderContentTab(
  published: PublishedSiteContent = makePublished(),
  answers: ContentAnswers = {},
) {
  const api = serveApi(
    ...Object.entries(answers).map(([route, reply]) =>
      answer(route as ApiRoute, reply as ApiAnswer<ApiRoute>),
    ),
    answer('GET /api/site-content', { status: 200, body: published }),
    answer('GET /api/site-content/revisions', { status: 200, body: [makeRevision()] }),
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteContentQueryKey, published);
  queryClient.setQueryData(revisionsQueryKey, { pages: [[makeRevision()]], pageParams: [undefined] });
  return { api, user: userEvent.setup({ delay: null }), ...renderWithQueries(<ContentTab />, queryClient) };
}

/** PUT /api/site-content answered as the server would: the body's content as version 2. */
export const publishedAnswer = (content: SiteContent): ApiReply<'PUT /api/site-content'> => ({
  status: 200,
  body: makePublished({ version: 2, content, publishedBy: 'sam', publishedAt: '2026-07-12T10:00:00.000Z' }),
});

/** Publishes the draft: Publish, then the confirmation's Publish; gives the changes it listed. */
export async function publishDraft(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Publish' }));
  const dialog = within(await screen.findByRole('alertdialog'));
  const changes = dialog.queryAllByRole('listitem').map((item) => item.textContent);
  await user.click(dialog.getByRole('button', { name: 'Publish' }));
  return changes;
}

/** The content the last PUT sent. */
export function sentContent(api: ServedApi): SiteContent {
  const put = api.calls.filter((call) => call.method === 'PUT').at(-1);
  expect(put?.path).toBe('/api/site-content');
  return (put?.body as { content: SiteContent }).content;
}
