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
  it('comes with the first page of a browser session, which sets a session cookie', async () => {
    const response = await request(fixture.app).get('/').expect(200);
    expect(response.text).toContain('<div class="splash" aria-hidden="true">');
    const [cookie] = response.headers['set-cookie'] as unknown as string[];
    expect(cookie).toMatch(/^splash_seen=1; Path=\/; HttpOnly; SameSite=Lax$/);
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

  // Its timing lives in CSS (a journey in tests/e2e checks it with scripting off), and that CSS
  // comes inline so the splash never waits for a stylesheet request.
  it('comes with its styles inline in the page', async () => {
    const response = await request(fixture.app).get('/').expect(200);
    expect(response.text).toMatch(/<style id="site-stylesheet">[^<]*\.splash\{/);
    expect(response.text).not.toMatch(/<link[^>]+rel="stylesheet"/);
  });
});
