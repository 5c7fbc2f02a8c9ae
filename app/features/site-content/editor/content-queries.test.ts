import { afterEach, describe, expect, it, vi } from 'vitest';
import { siteContentConflictMessage } from '#common/site-content/site-content.ts';
import { makePublished } from '#tests/support/site-content.ts';
import { ApiError } from '#app/lib/api.ts';
import { publishContent } from './content-queries.ts';

/** The API answering the next request with `status` and `body`. */
function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('publishing', () => {
  const draft = makePublished().content;

  it('sends the version the draft was made from, with the admin header, and gets the new version', async () => {
    const next = makePublished({ version: 2, publishedBy: 'sam' });
    const fetch = answer(200, next);
    expect(await publishContent(1, draft)).toEqual({ outcome: 'published', published: next });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/site-content');
    expect(init.method).toBe('PUT');
    expect(init.headers).toMatchObject({ 'X-Admin-Request': '1' });
    expect(JSON.parse(init.body as string)).toEqual({ version: 1, content: draft });
  });

  it('turns a 409 into the conflict, with the version published meanwhile and the server’s words', async () => {
    const current = makePublished({ version: 3, publishedBy: 'sam' });
    answer(409, { error: siteContentConflictMessage, current });
    expect(await publishContent(1, draft)).toEqual({
      outcome: 'conflict',
      current,
      message: siteContentConflictMessage,
    });
  });

  it('turns a 400 into the fields the server refused', async () => {
    answer(400, {
      error: 'Please check the highlighted fields and try again.',
      fieldErrors: { 'branches.0.hours.saturday.closes': ['Closing time must be after opening time'] },
    });
    expect(await publishContent(1, draft)).toEqual({
      outcome: 'refused',
      message: 'Please check the highlighted fields and try again.',
      fieldErrors: { 'branches.0.hours.saturday.closes': ['Closing time must be after opening time'] },
    });
  });

  it('fails on anything else, a 409 without a readable version included', async () => {
    answer(500, { error: 'Something went wrong on our side.' });
    await expect(publishContent(1, draft)).rejects.toBeInstanceOf(ApiError);
    answer(409, { error: 'Conflict', current: { version: 2, content: { services: [] } } });
    await expect(publishContent(1, draft)).rejects.toMatchObject({ status: 409 });
  });
});
