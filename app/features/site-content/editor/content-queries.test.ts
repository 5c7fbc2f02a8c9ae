// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { siteContentConflictMessage, type SiteContentConflict } from '#common/site-content/site-content.ts';
import { makePublished } from '#tests/support/site-content.ts';
import { answer, serveApi } from '#tests/support/api-handlers.ts';
import { ApiError } from '#app/lib/api.ts';
import { publishContent } from './content-queries.ts';

describe('publishing', () => {
  const draft = makePublished().content;

  it('sends the version the draft was made from, with the admin header, and gets the new version', async () => {
    const next = makePublished({ version: 2, publishedBy: 'sam' });
    const adminHeaders: (string | null)[] = [];
    const { calls } = serveApi(
      answer('PUT /api/site-content', ({ headers }) => {
        adminHeaders.push(headers.get('X-Admin-Request'));
        return { status: 200, body: next };
      }),
    );
    expect(await publishContent(1, draft)).toEqual({ outcome: 'published', published: next });
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/site-content', body: { version: 1, content: draft } },
    ]);
    expect(adminHeaders).toEqual(['1']);
  });

  it('turns a 409 into the conflict, with the version published meanwhile and the server’s words', async () => {
    const current = makePublished({ version: 3, publishedBy: 'sam' });
    serveApi(
      answer('PUT /api/site-content', { status: 409, body: { error: siteContentConflictMessage, current } }),
    );
    expect(await publishContent(1, draft)).toEqual({
      outcome: 'conflict',
      current,
      message: siteContentConflictMessage,
    });
  });

  it('turns a 400 into the fields the server refused', async () => {
    serveApi(
      answer('PUT /api/site-content', {
        status: 400,
        body: {
          error: 'Please check the highlighted fields and try again.',
          fieldErrors: { 'branches.0.hours.saturday.closes': ['Closing time must be after opening time'] },
        },
      }),
    );
    expect(await publishContent(1, draft)).toEqual({
      outcome: 'refused',
      message: 'Please check the highlighted fields and try again.',
      fieldErrors: { 'branches.0.hours.saturday.closes': ['Closing time must be after opening time'] },
    });
  });

  it('fails on anything else, a 409 without a readable version included', async () => {
    serveApi(
      answer('PUT /api/site-content', { status: 500, body: { error: 'Something went wrong on our side.' } }),
    );
    await expect(publishContent(1, draft)).rejects.toBeInstanceOf(ApiError);
    // Not the API's shape, on purpose: the editor must not take it for a version.
    const unreadable = { error: 'Conflict', current: { version: 2, content: { services: [] } } };
    serveApi(
      answer('PUT /api/site-content', { status: 409, body: unreadable as unknown as SiteContentConflict }),
    );
    await expect(publishContent(1, draft)).rejects.toMatchObject({ status: 409 });
  });
});
