import type express from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnreachableMessage } from '#common/http/outage.ts';
import { createTestApp } from '#tests/support/app.ts';
import { bookingContent, fixedStores, makeBooking } from '#tests/support/bookings.ts';
import { makeEnquiry } from '#tests/support/factories.ts';
import { freePort, ensureBuilt } from '#tests/support/server-process.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { splashCookie } from './splash.ts';
import { loadProductionSsr } from './ssr.ts';
import { PageCache } from '../pages/page-cache.ts';

/**
 * The real site (its built pages) on a PostgreSQL address where nothing listens: every statement
 * fails at once with ECONNREFUSED, as while the database server is down. The published content is
 * in memory, as a running process has it.
 */
let database: DatabaseHandle;
let app: express.Express;
let cache: PageCache;
const content = bookingContent();
content.business = {
  ...content.business,
  formattedPhone: '01268 555 0199',
  phone: '+4412685550199',
  email: 'office@tyres.example',
};

beforeAll(async () => {
  ensureBuilt();
  database = await openDatabase({ databaseUrl: `postgres://nobody@127.0.0.1:${await freePort()}/none` });
  cache = new PageCache();
  app = createTestApp(database, {
    ssr: await loadProductionSsr(),
    pageCache: cache,
    ...fixedStores(content),
  });
});

afterAll(async () => {
  await database?.close();
});

const returning = { Cookie: `${splashCookie}=1` };
const phoneAndEmail = (text: string) => {
  expect(text).toContain('01268 555 0199');
  expect(text).toContain('office@tyres.example');
};

describe('while the database cannot be reached', () => {
  it('still serves the public pages from the content in memory, without keeping them', async () => {
    const home = await request(app).get('/').set(returning).expect(200);
    expect(home.text).toContain('01268 555 0199');
    await request(app).get('/services/puncture-repair').set(returning).expect(200);
    await request(app).get('/').expect(200);
    // Rendered without the uploaded pictures' list: rendered again once it can be read.
    expect(cache.stats.pages).toBe(0);
  });

  it('answers the booking pages that need it with 503, Retry-After, the phone number and e-mail', async () => {
    const times = await request(app)
      .get('/book?service=puncture-repair&location=mobile&postcode=RM3+0AB&step=when')
      .set(returning)
      .expect(503);
    expect(times.headers['retry-after']).toBe('30');
    expect(times.text).toContain('Online booking is not available just now');
    phoneAndEmail(times.text);
    const manage = await request(app)
      .get('/bookings/manage/some-token-of-a-booking')
      .set(returning)
      .expect(503);
    phoneAndEmail(manage.text);
    const post = await request(app)
      .post('/book')
      .set(returning)
      .type('form')
      .send(makeBooking({ date: '2026-11-25' }))
      .expect(503);
    phoneAndEmail(post.text);
  });

  it('answers an enquiry or a booking by the API with 503, Retry-After and the phone number', async () => {
    const enquiry = await request(app)
      .post('/api/enquiries')
      .send(makeEnquiry({ name: 'Sam Driver' }))
      .expect(503);
    expect(enquiry.headers['retry-after']).toBe('30');
    expect(enquiry.body).toEqual({
      error:
        'We cannot take enquiries online just now. Please call us on 01268 555 0199 or e-mail office@tyres.example.',
    });
    const booking = await request(app).post('/api/bookings').send(makeBooking()).expect(503);
    expect(booking.headers['retry-after']).toBe('30');
    expect(booking.body.error).toBe(
      'We cannot take bookings online just now. Please call us on 01268 555 0199 or e-mail office@tyres.example.',
    );
    const times = await request(app).get('/api/availability?location=mobile').expect(503);
    phoneAndEmail(times.body.error);
  });

  it('shows the enquiry form posted without scripts again, with the message and what was typed', async () => {
    const response = await request(app)
      .post('/enquiry')
      .set(returning)
      .type('form')
      .send(makeEnquiry({ name: 'Sam Driver' }))
      .expect(503);
    expect(response.headers['retry-after']).toBe('30');
    expect(response.text).toContain(
      'We cannot take enquiries online just now. Please call us on 01268 555 0199 or e-mail office@tyres.example.',
    );
    expect(response.text).toContain('Sam Driver');
  });

  it('tells staff that the database cannot be reached, by the API and on the dashboard', async () => {
    const cookie = 'session=a-session-token-that-cannot-be-checked';
    const api = await request(app).get('/api/enquiries').set('Cookie', cookie).expect(503);
    expect(api.body).toEqual({ error: databaseUnreachableMessage });
    expect(api.headers['retry-after']).toBe('30');
    const user = await request(app).get('/api/user').set('Cookie', cookie).expect(503);
    expect(user.body).toEqual({ error: databaseUnreachableMessage });
    const page = await request(app).get('/admin/dashboard').set('Cookie', cookie).expect(503);
    expect(page.text).toContain('The database cannot be reached just now');
  });

  it('is not ready, and says so within seconds', async () => {
    const started = Date.now();
    const response = await request(app).get('/readyz').expect(503);
    expect(response.body).toEqual({ status: 'database unavailable' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('answers outside the pages and the API with a plain page giving the phone number and e-mail', async () => {
    const response = await request(app)
      .get(`/media/${'ab'.repeat(32)}.webp`)
      .expect(503);
    phoneAndEmail(response.text);
  });
});
