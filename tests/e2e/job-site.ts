import { request as http, type APIRequestContext, type Page } from '@playwright/test';
import { adminRequestHeader } from '#common/http/api.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { tomorrow } from './booking-site.ts';
import { expect } from './fixtures.ts';

/** The jobs' journeys: people signed in through the API, fitters, and jobs booked and given out. */

const headers = (origin: string) => ({ [adminRequestHeader.name]: adminRequestHeader.value, Origin: origin });

/** Someone signed in through the API: the journeys' owner, or a fitter once set up. */
export async function signedIn(origin: string, account: { username: string; password: string }) {
  const context = await http.newContext({ baseURL: origin, extraHTTPHeaders: headers(origin) });
  const answer = await context.post('/api/login', { data: account });
  expect(answer.status(), await answer.text()).toBe(200);
  return context;
}

/** A fitter's account made by the office: its id, and the set-up link the office hands the fitter. */
export async function createFitter(office: APIRequestContext, username: string) {
  const created = await office.post('/api/users', { data: { username, role: 'fitter' } });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: number; setupUrl: string };
}

/**
 * A fitter's account, its password set through its set-up link (by the fitter: setting it up
 * signs them in, so not in the office's context). Answers the account's id.
 */
export async function addFitter(
  office: APIRequestContext,
  origin: string,
  username: string,
  password: string,
) {
  const { id, setupUrl } = await createFitter(office, username);
  const setup = await http.newContext({ baseURL: origin, extraHTTPHeaders: headers(origin) });
  const answer = await setup.post(`/api/account-setup/${setupUrl.split('/').pop()}`, { data: { password } });
  expect(answer.status(), await answer.text()).toBe(200);
  await setup.dispose();
  return id;
}

/**
 * Tomorrow's mobile puncture repair on AB12 CDE at `start` (8:00 unless given), booked for the
 * customer and given to the fitter `fitterId` (or no one); answers the job.
 */
export async function bookJob(
  office: APIRequestContext,
  {
    name,
    email,
    start = '08:00',
    fitterId,
  }: { name: string; email: string; start?: string; fitterId: number | null },
): Promise<Job> {
  const booked = await office.post('/api/bookings', {
    data: {
      service: 'puncture-repair',
      location: 'mobile',
      date: tomorrow,
      start,
      name,
      phone: '07700 900456',
      email,
      registration: 'ab12 cde',
      vehicle: 'Vauxhall Corsa',
      postcode: 'RM3 0AB',
      addressLine: '12 Gooshays Drive',
      town: 'Romford',
      notes: 'Parked on the drive.',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const { reference } = (await booked.json()) as { reference: string };
  const jobs = (await (await office.get(`/api/jobs?date=${tomorrow}`)).json()) as Job[];
  const job = jobs.find((entry) => entry.reference === reference)!;
  if (fitterId !== null) {
    const given = await office.put(`/api/bookings/${job.id}`, { data: { fitterId } });
    expect(given.status(), await given.text()).toBe(200);
  }
  return job;
}

/** The fitter signs in on their phone, lands on My jobs and waits for its scripts. */
export async function signInOnPhone(page: Page, origin: string, username: string, password: string) {
  await page.goto(`${origin}/auth`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${origin}/admin/jobs`);
  // A press before the page has its scripts would change nothing.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/** Calls to the API, whoever makes them. */
const apiCalls = (url: URL) => url.pathname.startsWith('/api/');

/**
 * No signal: the browser offline, and every call to the API refused as a phone out of signal
 * refuses it. The browser's offline emulation alone does not reach every request of a page a
 * service worker controls (a call the worker leaves to the network can still go out).
 */
export async function loseSignal(page: Page) {
  await page.context().route(apiCalls, (route) => route.abort('internetdisconnected'));
  await page.context().setOffline(true);
}

/** The signal returns. */
export async function signalReturns(page: Page) {
  await page.context().unroute(apiCalls);
  await page.context().setOffline(false);
}
