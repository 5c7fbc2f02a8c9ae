import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ensureBuilt } from '#tests/support/server-process.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { loadProductionSsr } from './ssr.ts';

const fixture = useTestApp({
  dependencies: async () => {
    ensureBuilt();
    return { ssr: await loadProductionSsr() };
  },
});

describe('splash screen', () => {
  it('comes with the home page of a first visit, which sets a cookie kept for 30 days', async () => {
    const response = await request(fixture.app).get('/').expect(200);
    expect(response.text).toContain('<div class="splash" aria-hidden="true">');
    const [cookie] = response.headers['set-cookie'] as unknown as string[];
    expect(cookie).toMatch(
      /^splash_seen=1; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
  });

  it('does not come again once the cookie is there, on any page', async () => {
    for (const path of ['/', '/mot', '/services/tyre-replacement']) {
      const response = await request(fixture.app)
        .get(path)
        .set('Cookie', 'other=x; splash_seen=1')
        .expect(200);
      expect(response.text).not.toContain('class="splash"');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
  });

  // A page opened from a link, or the booking, is what the visitor came for: nothing covers it,
  // and the splash is still to come on the home page.
  it('never covers a page other than the home page, even on a first visit', async () => {
    for (const path of [
      '/book',
      '/tyres/205-55-r16',
      '/services/tyre-replacement',
      '/bookings/manage/unknown-token',
    ]) {
      const response = await request(fixture.app).get(path);
      expect(response.text).not.toContain('class="splash"');
      expect(response.headers['set-cookie'] ?? []).not.toContainEqual(expect.stringMatching(/^splash_seen=/));
    }
  });

  // Its timing lives in CSS (a journey in tests/e2e checks it with scripting off), and that CSS
  // comes inline so the splash never waits for a stylesheet request.
  it('comes with its styles inline in the page', async () => {
    const response = await request(fixture.app).get('/').expect(200);
    expect(response.text).toMatch(/<style id="site-stylesheet">[^<]*\.splash\{/);
    expect(response.text).not.toMatch(/<link[^>]+rel="stylesheet"/);
  });
});
