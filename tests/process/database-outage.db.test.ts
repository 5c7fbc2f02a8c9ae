import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseUnreachableMessage } from '#common/http/outage.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { createServerDatabase, queryOnce } from '#tests/support/server-database.ts';
import { makeEnquiry } from '#tests/support/factories.ts';
import { useServerProcesses, waitFor, type ServerProcess } from '#tests/support/server-process.ts';
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts';

/**
 * The built server on PostgreSQL through a proxy that the test cuts, as a network failure or a
 * stopped database would, and restores: the public pages stay up, what needs the database says
 * to call (503), staff are told the database cannot be reached, and everything comes back by
 * itself. Runs where a PostgreSQL server is given (TEST_DATABASE_URL).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const { start } = useServerProcesses();
const staff = { username: 'outage-staff', password: 'quiet-lorry-tyre-pressure-42' };
const phone = {
  SITE_PHONE: '+441268555010',
  SITE_FORMATTED_PHONE: '01268 555 010',
  SITE_EMAIL: 'desk@tyres.example',
};

describe.runIf(serverUrl)('the database out of reach', () => {
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let databaseUrl: string;
  let proxy: TcpProxy;

  beforeAll(async () => {
    database = await createServerDatabase(serverUrl!, 'outage');
    databaseUrl = database.url;
    const url = new URL(databaseUrl);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
  });

  afterAll(async () => {
    await proxy?.close();
    await database?.drop();
  });

  const returning = { cookie: 'splash_seen=1' };
  const sameOrigin = (server: ServerProcess) => ({ 'x-admin-request': '1', origin: server.url });
  const post = (server: ServerProcess, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const status = async (server: ServerProcess, path: string, headers: Record<string, string> = returning) =>
    (await fetch(`${server.url}${path}`, { headers })).status;

  it('keeps the pages up, says to call for what needs it, and recovers within seconds, losing nothing', async () => {
    const server = await start({
      DATABASE_URL: proxy.through(databaseUrl),
      ENQUIRY_RATE_LIMIT: '1000',
      ADMIN_USERNAME: staff.username,
      ADMIN_PASSWORD: staff.password,
      ...phone,
    });
    await server.ready;
    const login = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sameOrigin(server) },
      body: JSON.stringify(staff),
    });
    expect(login.status).toBe(200);
    const session = login.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith('session='))!;

    // Before: pages seen (and kept), enquiries and a booking taken.
    const pages = ['/', '/services/puncture-repair'];
    for (const path of pages) expect(await status(server, path)).toBe(200);
    const references: string[] = [];
    for (let count = 0; count < 3; count += 1) {
      const response = await post(server, '/api/enquiries', makeEnquiry());
      expect(response.status).toBe(201);
      references.push(((await response.json()) as { reference: string }).reference);
    }
    const days = (await (await fetch(`${server.url}/api/availability?location=mobile&days=14`)).json()) as {
      date: string;
      windows: { start: string; free: number }[];
    }[];
    const day = days.find((entry) => entry.windows.some((window) => window.free > 1))!;
    const window = day.windows.find((entry) => entry.free > 1)!;
    const booking = () => makeBooking({ date: day.date, start: window.start });
    expect((await post(server, '/api/bookings', booking())).status).toBe(201);
    let bookingsTaken = 1;

    proxy.cut('hold');
    for (const path of pages) expect(await status(server, path)).toBe(200);
    const started = Date.now();
    const [enquiry, booked, ready, inbox] = await Promise.all([
      post(server, '/api/enquiries', makeEnquiry()),
      post(server, '/api/bookings', booking()),
      fetch(`${server.url}/readyz`),
      fetch(`${server.url}/api/enquiries`, { headers: { cookie: session } }),
    ]);
    // Nothing waits longer than the pool's connection timeout.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(ready.status).toBe(503);
    for (const [response, what] of [
      [enquiry, 'enquiries'],
      [booked, 'bookings'],
    ] as const) {
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('30');
      expect(((await response.json()) as { error: string }).error).toBe(
        `We cannot take ${what} online just now. Please call us on 01268 555 010 or e-mail desk@tyres.example.`,
      );
    }
    expect(inbox.status).toBe(503);
    expect(await inbox.json()).toEqual({ error: databaseUnreachableMessage });
    // Refused outright rather than held: the same answers, at once.
    proxy.cut('refuse');
    for (const path of pages) expect(await status(server, path)).toBe(200);
    expect((await post(server, '/api/enquiries', makeEnquiry())).status).toBe(503);
    expect(await status(server, '/readyz')).toBe(503);

    proxy.restore();
    const restored = Date.now();
    for (;;) {
      const readyNow = (await status(server, '/readyz')) === 200;
      const response = readyNow ? await post(server, '/api/enquiries', makeEnquiry()) : null;
      if (response?.status === 201) {
        references.push(((await response.json()) as { reference: string }).reference);
        break;
      }
      expect(Date.now() - restored).toBeLessThan(10_000);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(Date.now() - restored).toBeLessThan(10_000);
    const again = await post(server, '/api/bookings', booking());
    expect([201, 409]).toContain(again.status);
    if (again.status === 201) bookingsTaken += 1;
    expect(await status(server, '/api/enquiries', { cookie: session })).toBe(200);
    for (const path of pages) expect(await status(server, path)).toBe(200);

    // Everything acknowledged is there.
    const stored = await queryOnce<{ reference: string }>(databaseUrl, 'select reference from enquiries');
    expect(stored.map((row) => row.reference)).toEqual(expect.arrayContaining(references));
    const [counted] = await queryOnce<{ count: string }>(databaseUrl, 'select count(*) from bookings');
    expect(Number(counted?.count)).toBeGreaterThanOrEqual(bookingsTaken);
    // Changes are heard again (and the kept pages were let go) within seconds too.
    await waitFor(() => server.stdout().includes('listening again'), 10_000 - (Date.now() - restored));
  }, 90_000);
});
