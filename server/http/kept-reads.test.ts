import express from 'express';
import type { Logger } from 'pino';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.ts';
import { answerKeptReadsFirst, type KeptReadResponse } from './kept-reads.ts';
import { prepareJson, type PreparedJson } from './prepared-json.ts';

/** A logger that keeps the messages of the errors logged through its children. */
function errorsLogger() {
  const errors: string[] = [];
  const logger = {
    child: (bindings: { req: { id: string; path: string } }) => {
      const keep = (_facts: object, message: string) =>
        errors.push(`${message} (${bindings.req.path}, ${bindings.req.id ? 'with' : 'without'} its id)`);
      return { warn: keep, error: keep };
    },
  };
  return { errors, logger: logger as unknown as Logger };
}

/**
 * An app with one kept read at /kept (which fails for ?fail) and a middleware and routes of its
 * own: what reaches the app's router is recorded by a middleware put in before the kept reads
 * are (as the first middleware would see every request).
 */
/** Makes an answer long enough to be compressed, as a size's tyres are. */
const padding = 'x'.repeat(2_000);

function appWithKeptRead() {
  const reachedRouter: string[] = [];
  const logged: string[] = [];
  const app = express();
  app.use((req, _res, next) => {
    reachedRouter.push(`${req.method} ${req.url}`);
    next();
  });
  const response: KeptReadResponse = {
    securityHeaders: (nonce) => ['X-Test-Nonce', nonce],
    log: (req) => `request-${logged.push(req.url!)}`,
    logger: errorsLogger().logger,
    isShuttingDown: () => shuttingDown,
  };
  let shuttingDown = false;
  /** The answers at hand: a request for one of these addresses is sent it without `answer`. */
  const ready = new Map<string, PreparedJson>();
  const answered: string[] = [];
  answerKeptReadsFirst(
    app,
    [
      {
        path: '/kept',
        answer: async (req) => {
          answered.push(req.url);
          if (req.query.fail !== undefined) throw new Error('not this one');
          return prepareJson({ size: req.query.size, kept: true, ...(req.query.long && { padding }) });
        },
        ready: (req) => ready.get(req.url!),
      },
      {
        path: '/below',
        below: true,
        answer: async (req) => prepareJson({ below: req.url }),
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
  return {
    app,
    reachedRouter,
    logged,
    ready,
    answered,
    shutDown: () => {
      shuttingDown = true;
    },
  };
}

describe('answerKeptReadsFirst', () => {
  it('sends an answer at hand with the headers and log line of one worked out, without asking for it', async () => {
    const { app, reachedRouter, logged, ready, answered } = appWithKeptRead();
    const size = '205/55R16';
    const worked = await request(app).get(`/kept?size=${size}&long=1`).set('Accept-Encoding', 'br');
    ready.set(`/kept?size=${size}&long=1`, prepareJson({ size, kept: true, padding }));
    ready.set(`/kept?size=${size}`, prepareJson({ size, kept: true }));
    const sent = await request(app).get(`/kept?size=${size}&long=1`).set('Accept-Encoding', 'br');
    expect(answered).toEqual([`/kept?size=${size}&long=1`]);
    expect(sent.status).toBe(200);
    expect(sent.headers['content-encoding']).toBe('br');
    expect(sent.body).toEqual({ size, kept: true, padding });
    const names = (headers: Record<string, string>) =>
      Object.keys(headers)
        .filter((name) => name !== 'content-encoding')
        .sort();
    expect(names(sent.headers)).toEqual(names(worked.headers));
    for (const name of ['cache-control', 'content-type', 'vary'])
      expect(sent.headers[name], name).toBe(worked.headers[name]);
    expect(sent.headers['x-test-nonce']).toMatch(/^[\w-]{22}$/);
    expect(sent.headers['x-test-nonce']).not.toBe(worked.headers['x-test-nonce']);
    expect(sent.headers['x-request-id']).toBe('request-2');
    expect(Number(sent.headers['content-length'])).toBeLessThan(200);
    // Short answers go as they are; HEAD has the headers alone.
    const short = await request(app).get(`/kept?size=${size}`);
    expect(short.headers['content-encoding']).toBeUndefined();
    expect(short.headers['content-length']).toBe(String(JSON.stringify({ size, kept: true }).length));
    const head = await request(app).head(`/kept?size=${size}`);
    expect(head.headers['content-length']).toBe(short.headers['content-length']);
    expect(head.text).toBeUndefined();
    expect(answered).toEqual([`/kept?size=${size}&long=1`]);
    expect(logged).toHaveLength(4);
    expect(reachedRouter).toEqual([]);
  });

  it('asks for the answer when the request is conditional, its encoding not yet worked out, or the server shuts down', async () => {
    const { app, ready, answered, shutDown } = appWithKeptRead();
    const url = '/kept?size=195/65R15&long=1';
    ready.set(url, prepareJson({ size: '195/65R15', kept: true, padding }));
    const first = await request(app).get(url).set('Accept-Encoding', 'gzip, deflate, zstd');
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(answered).toEqual([url]);
    expect((await request(app).get(url).set('If-None-Match', first.headers.etag!)).status).toBe(304);
    expect(answered).toEqual([url, url]);
    expect((await request(app).get(url).set('Accept-Encoding', 'gzip, deflate, zstd')).status).toBe(200);
    expect(answered).toEqual([url, url]);
    shutDown();
    const closing = await request(app).get(url).set('Accept-Encoding', 'gzip, deflate, zstd');
    expect(closing.headers.connection).toBe('close');
    expect(answered).toEqual([url, url, url]);
  });

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

  it('answers the paths one segment below a read that asks for them, and only those', async () => {
    const { app, reachedRouter } = appWithKeptRead();
    expect((await request(app).get('/below/AB12CDE?x=1')).body).toEqual({ below: '/below/AB12CDE?x=1' });
    for (const path of ['/below', '/below/', '/below/a/b', '/kept/below/a']) {
      expect((await request(app).get(path)).status, path).toBe(404);
    }
    expect(reachedRouter).toEqual(['GET /below', 'GET /below/', 'GET /below/a/b', 'GET /kept/below/a']);
  });
});

/**
 * An app with one first write at /write (at most 64 bytes) that answers what it was sent, or
 * fails as the body asks; and a route of its own at /write for what goes the usual way.
 */
function appWithFirstWrite() {
  const reachedRouter: string[] = [];
  const logged: string[] = [];
  const { errors, logger } = errorsLogger();
  const app = express();
  app.use((req, _res, next) => {
    reachedRouter.push(`${req.method} ${req.url}`);
    next();
  });
  answerKeptReadsFirst(
    app,
    [],
    {
      securityHeaders: (nonce) => ['X-Test-Nonce', nonce],
      // As the application's: the request's id is sent back, and names it in the log.
      log: (req) => `request-${logged.push(`${req.method} ${req.url}`)}`,
      logger,
      isShuttingDown: () => false,
    },
    [
      {
        path: '/write',
        limit: 64,
        answer: async (_req, body) => {
          const { fail } = body as { fail?: string };
          if (fail === 'refused') throw new HttpError(422, 'Refused on purpose.');
          if (fail === 'mapped') throw new Error('to be told otherwise');
          if (fail === 'unexpected') throw new Error('a fault');
          return { status: 201, body: { received: body }, headers: { 'X-Test': 'yes' } };
        },
        errorOf: async (error) =>
          (error as Error).message === 'to be told otherwise'
            ? new HttpError(503, 'Call us instead.')
            : error,
      },
    ],
  );
  app.use(express.json({ limit: 64 }));
  app.post('/write', (req, res) => {
    res.status(200).json({ usualWay: true, body: req.body });
  });
  return { app, reachedRouter, logged, errors };
}

describe('answerKeptReadsFirst with a first write', () => {
  it('answers POST of its path without the router, its JSON body read here', async () => {
    const { app, reachedRouter, logged } = appWithFirstWrite();
    const answer = await request(app).post('/write').send({ name: 'Ann' });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ received: { name: 'Ann' } });
    expect(answer.headers['x-test']).toBe('yes');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['x-test-nonce']).toMatch(/^[A-Za-z0-9+/=_-]{16,}$/);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    const charset = await request(app)
      .post('/write')
      .set('Content-Type', 'application/json; charset=UTF-8')
      .send('{"a":1}');
    expect(charset.body).toEqual({ received: { a: 1 } });
    expect(reachedRouter).toEqual([]);
    expect(logged).toEqual(['POST /write', 'POST /write']);
  });

  it('answers a body that is not JSON, or not an object, as the JSON parser does; an empty one is {}', async () => {
    const { app, reachedRouter } = appWithFirstWrite();
    for (const body of ['{"name": ', '"just a string"', '42']) {
      const answer = await request(app).post('/write').set('Content-Type', 'application/json').send(body);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ error: 'The request body is not valid JSON.' });
    }
    const empty = await request(app).post('/write').set('Content-Type', 'application/json').send('');
    expect(empty.body).toEqual({ received: {} });
    expect(reachedRouter).toEqual([]);
  });

  it('answers the errors its answer fails with as the API does, mapped by the write first', async () => {
    const { app, errors } = appWithFirstWrite();
    const refused = await request(app).post('/write').send({ fail: 'refused' });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ error: 'Refused on purpose.' });
    const mapped = await request(app).post('/write').send({ fail: 'mapped' });
    expect(mapped.status).toBe(503);
    expect(mapped.body).toEqual({ error: 'Call us instead.' });
    const fault = await request(app).post('/write').send({ fail: 'unexpected' });
    expect(fault.status).toBe(500);
    expect(fault.body).toEqual({ error: 'Something went wrong on our side. Please try again later.' });
    expect(fault.headers['cache-control']).toBe('no-store');
    expect(errors).toEqual(['unexpected error (/write, with its id)']);
  });

  it('leaves to the router a body it would not read as it is, another method, and other paths', async () => {
    const { app, reachedRouter } = appWithFirstWrite();
    // Another media type, a body over the cap, a compressed one, one without a length.
    await request(app).post('/write').set('Content-Type', 'text/plain').send('{"a":1}').expect(200);
    const large = await request(app)
      .post('/write')
      .send({ text: 'x'.repeat(80) });
    expect(large.status).toBe(413);
    await request(app)
      .post('/write')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .send('not really gzip');
    const chunked = request(app).post('/write').set('Content-Type', 'application/json');
    chunked.write('{"a":');
    chunked.write('2}');
    expect((await chunked).body).toEqual({ usualWay: true, body: { a: 2 } });
    await request(app).get('/write');
    await request(app).post('/other').send({});
    expect(reachedRouter).toEqual([
      'POST /write',
      'POST /write',
      'POST /write',
      'POST /write',
      'GET /write',
      'POST /other',
    ]);
  });
});
