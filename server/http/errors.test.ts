import express from 'express';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { databaseUnreachableMessage } from '#common/http/outage.ts';
import { apiErrorHandler, HttpError, ServiceUnavailableError } from './errors.ts';

function appThrowing(error: unknown) {
  const app = express();
  app.use(pinoHttp({ logger: pino({ level: 'silent' }) }));
  app.get('/api/thing', () => {
    throw error;
  });
  app.use(apiErrorHandler);
  return app;
}

describe('apiErrorHandler', () => {
  it('answers an unexpected error with a 500 that reveals nothing', async () => {
    const response = await request(appThrowing(new Error('relation "secret_table" does not exist')))
      .get('/api/thing')
      .expect(500)
      .expect('Content-Type', /json/);
    expect(response.body).toEqual({ error: 'Something went wrong on our side. Please try again later.' });
    expect(response.text).not.toContain('secret_table');
    expect(response.text).not.toContain('at ');
  });

  it('keeps the status, message and field errors of an HttpError', async () => {
    const response = await request(
      appThrowing(new HttpError(400, 'Invalid enquiry', { name: ['Name is required'] })),
    )
      .get('/api/thing')
      .expect(400);
    expect(response.body).toEqual({ error: 'Invalid enquiry', fieldErrors: { name: ['Name is required'] } });
  });

  it('answers a thrown non-Error value with a 500', async () => {
    await request(appThrowing({ weird: true }))
      .get('/api/thing')
      .expect(500);
  });

  it('answers a lost database connection with a 503 the dashboard recognises, and Retry-After', async () => {
    const lost = new Error('Failed query: select 1', {
      cause: new Error('Connection terminated unexpectedly'),
    });
    const response = await request(appThrowing(lost)).get('/api/thing').expect(503);
    expect(response.body).toEqual({ error: databaseUnreachableMessage });
    expect(response.headers['retry-after']).toBe('30');
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    await request(appThrowing(refused)).get('/api/thing').expect(503);
  });

  it('sends the Retry-After of a ServiceUnavailableError with its own message', async () => {
    const response = await request(appThrowing(new ServiceUnavailableError('Call us instead.', 60)))
      .get('/api/thing')
      .expect(503);
    expect(response.body).toEqual({ error: 'Call us instead.' });
    expect(response.headers['retry-after']).toBe('60');
  });
});
