import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { logSentResponse, requestLog } from './http/request-log.ts';
import { createLogger, errorFacts } from './logger.ts';

function capture() {
  const lines: string[] = [];
  const logger = createLogger({ logLevel: 'info' }, { write: (line: string) => void lines.push(line) });
  return { logger, text: () => lines.join('') };
}

describe('the log', () => {
  it('keeps an error’s class, code and stack frames, never its message', () => {
    const { logger, text } = capture();
    const smtpError = Object.assign(new Error('550 5.1.1 <sarah@example.com>: Recipient address rejected'), {
      code: 'EENVELOPE',
      responseCode: 550,
    });
    const queryError = new Error(
      'Failed query: insert into enquiries ...\nparams: Sarah Mitchell,07700 900123',
      {
        cause: Object.assign(new Error('duplicate key (email)=(sarah@example.com)'), { code: '23505' }),
      },
    );
    logger.warn({ err: smtpError }, 'notification not sent');
    logger.error({ err: queryError }, 'unexpected error');
    const written = text();
    for (const secret of ['sarah@example.com', 'Sarah Mitchell', '07700 900123'])
      expect(written).not.toContain(secret);
    expect(written).toContain('"code":"EENVELOPE"');
    expect(written).toContain('"responseCode":550');
    expect(written).toContain('"code":"23505"');
    expect(errorFacts(smtpError)).toMatchObject({ type: 'Error', code: 'EENVELOPE' });
    expect(String(errorFacts(smtpError).stack)).toMatch(/^\s+at /);
  });

  it('keeps a system error’s message, which names only the installation’s own files', () => {
    const error = Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      syscall: 'write',
    });
    expect(errorFacts(error)).toMatchObject({
      code: 'ENOSPC',
      message: 'ENOSPC: no space left on device, write',
    });
  });

  it('redacts personal fields and tokens written by mistake', () => {
    const { logger, text } = capture();
    logger.info(
      {
        email: 'sarah@example.com',
        customer: { phone: '07700 900123', email: 'sarah@example.com' },
        mail: { to: 'sarah@example.com', text: 'Dear Sarah' },
        manageToken: 'abcdefghijklmnop',
      },
      'by mistake',
    );
    const written = text();
    for (const secret of ['sarah@example.com', '07700 900123', 'Dear Sarah', 'abcdefghijklmnop']) {
      expect(written).not.toContain(secret);
    }
    expect(written).toContain('[redacted]');
  });

  it('keeps to the same facts for an error logged during a request, and for the request that failed', async () => {
    const { logger, text } = capture();
    const app = express();
    app.use(requestLog(logger));
    app.get('/fails', (req, res) => {
      req.log.error({ err: new Error('duplicate key (email)=(sarah@example.com)') }, 'unexpected error');
      res.status(500).end();
    });
    await request(app).get('/fails').expect(500);
    const written = text();
    expect(written).not.toContain('sarah@example.com');
    expect(written).toContain('"type":"Error"');
  });

  it('writes a vehicle’s address by its pattern, never the registration, however it was spelt', async () => {
    const { logger, text } = capture();
    const app = express();
    app.use(requestLog(logger));
    app.all(['/api/vehicles/:registration', '/api/vehicles/:registration/history'], (_req, res) => {
      res.json({});
    });
    for (const path of [
      '/api/vehicles/AB12CDE',
      '/api/vehicles/ab12%20cde?full=1',
      '/API/Vehicles/Ab12Cde',
      '/api/vehicles/AB12CDE/history',
    ]) {
      await request(app).get(path).expect(200);
    }
    await request(app).put('/api/vehicles/AB12CDE').expect(200);
    const written = text();
    expect(written.toLowerCase()).not.toMatch(/ab12 ?cde/);
    const paths = written
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { req: { path: string } }).req.path);
    expect(paths).toEqual([
      '/api/vehicles/:registration',
      '/api/vehicles/:registration',
      '/api/vehicles/:registration',
      '/api/vehicles/:registration/history',
      '/api/vehicles/:registration',
    ]);
  });

  it('and so for a vehicle’s history answered ahead of the request log', async () => {
    const { logger, text } = capture();
    const app = express();
    app.get('/api/vehicles/:registration', (req, res) => {
      logSentResponse(logger, req, res, Date.now());
      res.json({});
    });
    await request(app).get('/api/vehicles/AB12CDE').expect(200);
    await new Promise((resolve) => setImmediate(resolve));
    expect(text()).not.toContain('AB12CDE');
    expect(text()).toContain('"path":"/api/vehicles/:registration"');
  });
});
