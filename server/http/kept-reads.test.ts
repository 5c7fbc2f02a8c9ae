import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { answerKeptReadsFirst, type KeptReadResponse } from './kept-reads.ts';
import { prepareJson } from './prepared-json.ts';

/**
 * An app with one kept read at /kept (which fails for ?fail) and a middleware and routes of its
 * own: what reaches the app's router is recorded by a middleware put in before the kept reads
 * are (as the first middleware would see every request).
 */
function appWithKeptRead() {
  const reachedRouter: string[] = [];
  const logged: string[] = [];
  const app = express();
  app.use((req, _res, next) => {
    reachedRouter.push(`${req.method} ${req.url}`);
    next();
  });
  const response: KeptReadResponse = {
    setSecurityHeaders: (res, nonce) => res.setHeader('X-Test-Nonce', nonce),
    log: (req) => logged.push(req.url),
    isShuttingDown: () => false,
  };
  answerKeptReadsFirst(
    app,
    [
      {
        path: '/kept',
        answer: async (req) => {
          if (req.query.fail !== undefined) throw new Error('not this one');
          return prepareJson({ size: req.query.size, kept: true });
        },
      },
    ],
    response,
  );
  app.all('/kept', (_req, res) => {
    res.status(400).json({ error: 'the usual way' });
  });
  app.get('/other', (_req, res) => {
    res.json({ other: true });
  });
  return { app, reachedRouter, logged };
}

describe('answerKeptReadsFirst', () => {
  it('answers GET and HEAD of a kept path without its router, with the request Express gives handlers', async () => {
    const { app, reachedRouter, logged } = appWithKeptRead();
    const answer = await request(app).get('/kept?size=205/55R16');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ size: '205/55R16', kept: true });
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-test-nonce']).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
    expect(answer.headers.etag).toMatch(/^W\//);
    const head = await request(app).head('/kept?size=205/55R16');
    expect(head.status).toBe(200);
    // The client's copy is still good: 304, as through the router.
    const again = await request(app).get('/kept?size=205/55R16').set('If-None-Match', answer.headers.etag!);
    expect(again.status).toBe(304);
    expect(reachedRouter).toEqual([]);
    expect(logged).toEqual(['/kept?size=205/55R16', '/kept?size=205/55R16', '/kept?size=205/55R16']);
  });

  it('leaves to the router a request the read fails for, another method, and other paths', async () => {
    const { app, reachedRouter } = appWithKeptRead();
    const failed = await request(app).get('/kept?fail=1');
    expect(failed.status).toBe(400);
    expect(failed.body).toEqual({ error: 'the usual way' });
    expect((await request(app).post('/kept')).status).toBe(400);
    expect((await request(app).get('/other')).body).toEqual({ other: true });
    expect(reachedRouter).toEqual(['GET /kept?fail=1', 'POST /kept', 'GET /other']);
  });
});
