import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/app.ts';
import { useTestApp } from '#tests/support/integration.ts';

const fixture = useTestApp();

describe('health checks', () => {
  it('GET /healthz answers while the process is alive', async () => {
    const response = await request(fixture.app).get('/healthz').expect(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers when the database does', async () => {
    const response = await request(fixture.app).get('/readyz').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: fixture.database.driver });
  });

  it('GET /readyz answers 503 when the database does not', async () => {
    const broken = createTestApp({
      ...fixture.database,
      ping: () => Promise.reject(new Error('connection refused')),
    });
    const response = await request(broken).get('/readyz').expect(503);
    expect(response.body).toEqual({ status: 'database unavailable' });
  });

  it('GET /readyz answers 503 while the server shuts down', async () => {
    const draining = createTestApp(fixture.database, { isShuttingDown: () => true });
    const response = await request(draining).get('/readyz').expect(503);
    expect(response.headers.connection).toBe('close');
  });
});

describe('GET /api/services', () => {
  it('lists the five services with id, slug, title, description and image', async () => {
    const response = await request(fixture.app)
      .get('/api/services')
      .expect(200)
      .expect('Content-Type', /json/);
    expect(response.body).toHaveLength(5);
    // The five services of a new site, in the order it lists them.
    expect(response.body.map((service: { slug: string }) => service.slug)).toEqual([
      'tyre-replacement',
      'puncture-repair',
      'wheel-balancing',
      'tpms-services',
      'commercial-tyres',
    ]);
    for (const service of response.body) {
      expect(Object.keys(service).sort()).toEqual(['description', 'id', 'image', 'slug', 'title']);
      expect(service.title).not.toBe('');
    }
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});

describe('API error contract', () => {
  it('answers an unknown /api path with 404 JSON', async () => {
    for (const method of ['get', 'post', 'delete'] as const) {
      const agent = request(fixture.app);
      const response = await agent[method]('/api/no-such-thing').expect(404).expect('Content-Type', /json/);
      expect(response.body).toEqual({ error: 'Not found' });
    }
  });

  it('answers malformed JSON with 400 JSON', async () => {
    const response = await request(fixture.app)
      .post('/api/services')
      .set('Content-Type', 'application/json')
      .send('{"name": ')
      .expect(400)
      .expect('Content-Type', /json/);
    expect(response.body).toEqual({ error: 'The request body is not valid JSON.' });
  });

  it('answers a body over the limit with 413 JSON', async () => {
    const response = await request(fixture.app)
      .post('/api/services')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ text: 'x'.repeat(200_000) }))
      .expect(413)
      .expect('Content-Type', /json/);
    expect(response.body).toEqual({ error: 'The request body is too large.' });
  });

  it('is never cached', async () => {
    const response = await request(fixture.app).get('/api/unknown');
    expect(response.headers['cache-control']).toBe('no-store');
  });
});

describe('response headers', () => {
  it('sends security headers with a fresh script nonce per response', async () => {
    const first = await request(fixture.app).get('/healthz');
    const second = await request(fixture.app).get('/healthz');
    const policy = first.headers['content-security-policy'];
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9_-]{22}'/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toEqual(second.headers['content-security-policy']);
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    expect(first.headers['x-powered-by']).toBeUndefined();
    // Served over plain http here: no HSTS, no upgrade of subresources.
    expect(first.headers['strict-transport-security']).toBeUndefined();
    expect(policy).not.toContain('upgrade-insecure-requests');
  });

  it('tells browsers to use https only when the public address is https', async () => {
    const { testConfig } = await import('#tests/support/app.ts');
    const secure = createTestApp(fixture.database, {
      config: testConfig({ PUBLIC_URL: 'https://www.example.com' }),
    });
    const response = await request(secure).get('/healthz');
    expect(response.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('gives every response a request id, keeping a well-formed incoming one', async () => {
    const generated = await request(fixture.app).get('/healthz');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(fixture.app).get('/healthz').set('X-Request-Id', 'edge-1234abcd');
    expect(kept.headers['x-request-id']).toBe('edge-1234abcd');
    const replaced = await request(fixture.app).get('/healthz').set('X-Request-Id', 'bad id <script>');
    // A new id of its own (a random UUID may itself contain the letters "bad").
    expect(replaced.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses large responses', async () => {
    const response = await request(fixture.app).get('/api/services').set('Accept-Encoding', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
  });
});
