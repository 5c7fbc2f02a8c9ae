import express from 'express';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { apiErrorHandler, HttpError } from './errors.ts';

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
});
