import type { PublishedSiteContent } from '#common/site-content/site-content.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TyreSearchAnswer } from '#common/tyres/catalogue.ts';
import { priceFileColumns } from '#common/tyres/price-file.ts';
import type { DomainSettings } from '#common/settings/domains.ts';
import { ownRow } from '#tests/support/tyres.ts';
import { createServerDatabase } from '#tests/support/server-database.ts';
import { gradient } from '#tests/support/pictures.ts';
import { startSmtpServer } from '#tests/support/smtp.ts';
import { useServerProcesses, type ServerProcess } from '#tests/support/server-process.ts';

/**
 * Two server processes on one PostgreSQL database, as behind a load balancer: whatever a visitor
 * or a member of staff does through one is seen through the other. Runs where a PostgreSQL
 * server is given (TEST_DATABASE_URL, as in CI's PostgreSQL pass).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const { start } = useServerProcesses();
const staff = { username: 'two-servers-staff', password: 'quiet-lorry-tyre-pressure-42' };

describe.runIf(serverUrl)('two server processes on one PostgreSQL database', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let database: Awaited<ReturnType<typeof createServerDatabase>>;
  let databaseUrl: string;

  beforeAll(async () => {
    database = await createServerDatabase(serverUrl!, 'multi');
    databaseUrl = database.url;
    smtp = await startSmtpServer();
  });

  afterAll(async () => {
    await smtp?.close();
    await database?.drop();
  });

  /** Both servers, started together (they migrate the one database under its advisory lock). */
  async function startBoth(): Promise<[ServerProcess, ServerProcess]> {
    const env = {
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL: 'office@example.com',
      TRUST_PROXY: '1',
      ENQUIRY_RATE_LIMIT: '3',
      ADMIN_USERNAME: staff.username,
      ADMIN_PASSWORD: staff.password,
    };
    const servers = await Promise.all([start(env), start(env)]);
    await Promise.all(servers.map((server) => server.ready));
    return servers as [ServerProcess, ServerProcess];
  }

  /** What the site's own pages send with a staff request (the CSRF guard), to this server. */
  const sameOrigin = (server: ServerProcess) => ({ 'x-admin-request': '1', origin: server.url });

  async function signIn(server: ServerProcess): Promise<string> {
    const response = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...sameOrigin(server) },
      body: JSON.stringify(staff),
    });
    expect(response.status).toBe(200);
    return response.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0]!)
      .find((cookie) => cookie.startsWith('session='))!;
  }

  const signedInAs = async (server: ServerProcess, cookie: string) =>
    (await fetch(`${server.url}/api/user`, { headers: { cookie } })).status;

  async function uploadPicture(
    server: ServerProcess,
    cookie: string,
    path: string,
    fields: Record<string, string>,
  ) {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    const picture = await gradient(1200, 800).jpeg().toBuffer();
    form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'photo.jpg');
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { cookie, ...sameOrigin(server) },
      body: form,
    });
    expect(response.status).toBeLessThan(300);
    return (await response.json()) as { url: string; srcSet: string };
  }

  const heroSrc = async (server: ServerProcess) => {
    const html = await (await fetch(`${server.url}/`, { headers: { cookie: 'splash_seen=1' } })).text();
    const tag = /<img\b[^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0] ?? '';
    return /\ssrc="([^"]+)"/.exec(tag)?.[1];
  };

  it('share sessions, the enquiry limit, the notifications, the pictures and the pages', async () => {
    const [first, second] = await startBoth();

    // A session made through one is valid on the other; logging out through one ends it on both.
    const session = await signIn(first);
    expect(await signedInAs(second, session)).toBe(200);
    const logout = await fetch(`${second.url}/api/logout`, {
      method: 'POST',
      headers: { cookie: session, ...sameOrigin(second) },
    });
    expect(logout.status).toBeLessThan(300);
    expect(await signedInAs(first, session)).toBe(401);
    expect(await signedInAs(second, session)).toBe(401);

    // One customer's enquiries count against one limit (3 here), whichever server takes them.
    const enquire = (server: ServerProcess, index: number) =>
      fetch(`${server.url}/api/enquiries`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.7' },
        body: JSON.stringify({
          name: `Two Servers ${index}`,
          phone: '07700 900123',
          email: `two-servers-${index}@example.com`,
          vehicle: 'Ford Transit 2018',
          service: 'puncture-repair',
          message: 'Flat tyre on the driveway.',
        }),
      });
    const statuses = [];
    for (const [index, server] of [first, second, first, second, first].entries()) {
      statuses.push((await enquire(server, index)).status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);

    // Each accepted enquiry's staff notification is sent once, with both outbox workers running.
    // And the customer's acknowledgement of each, once.
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBe(6);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const messageIds = smtp.received.map((mail) => /^Message-ID: (.+)$/im.exec(mail.raw)?.[1]);
    expect(new Set(messageIds).size).toBe(6);
    for (const index of [0, 1, 2]) {
      const about = smtp.received.filter((mail) => mail.raw.includes(`Two Servers ${index}`));
      expect(about.map((mail) => mail.to.join()).sort()).toEqual([
        'office@example.com',
        `two-servers-${index}@example.com`,
      ]);
    }

    // A picture uploaded through one is served by the other.
    const cookie = await signIn(first);
    const about = await uploadPicture(first, cookie, '/api/images/upload', {
      name: 'about-image',
      altText: 'The van outside a customer house',
    });
    const fromFirst = await fetch(`${first.url}${about.url}`);
    const fromSecond = await fetch(`${second.url}${about.url}`);
    expect(fromSecond.status).toBe(200);
    expect(Buffer.from(await fromSecond.arrayBuffer())).toEqual(Buffer.from(await fromFirst.arrayBuffer()));

    // After a picture changes through one, the other's cached pages show it within 2 seconds.
    await heroSrc(second);
    expect(await heroSrc(second)).toMatch(/^\/images\/fallback\//);
    const hero = await uploadPicture(first, cookie, '/api/upload-hero', {});
    const changedAt = Date.now();
    await expect.poll(() => heroSrc(second), { timeout: 2_000, interval: 50 }).toBe(hero.url);
    expect(Date.now() - changedAt).toBeLessThan(2_000);

    // Content published through one shows on the other's cached pages within 2 seconds too.
    const puncturePage = async (server: ServerProcess) =>
      (
        await fetch(`${server.url}/services/puncture-repair`, { headers: { cookie: 'splash_seen=1' } })
      ).text();
    await puncturePage(second);
    expect(await puncturePage(second)).not.toContain('£27.50');
    const { version, content } = (await (
      await fetch(`${second.url}/api/site-content`, { headers: { cookie } })
    ).json()) as PublishedSiteContent;
    content.services.find((service) => service.key === 'puncture-repair')!.pricing[0]!.price = '£27.50';
    const published = await fetch(`${first.url}/api/site-content`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', ...sameOrigin(first) },
      body: JSON.stringify({ version, content }),
    });
    expect(published.status).toBe(200);
    const publishedAt = Date.now();
    await expect.poll(() => puncturePage(second), { timeout: 2_000, interval: 50 }).toContain('£27.50');
    expect(Date.now() - publishedAt).toBeLessThan(2_000);
    const seenBySecond = (await (
      await fetch(`${second.url}/api/site-content`)
    ).json()) as PublishedSiteContent;
    expect(seenBySecond.version).toBe(version + 1);
  });

  it('replace each other’s kept tyre searches and pages: an import, a stock change, the price rules and the booking settings', async () => {
    const [first, second] = await startBoth();
    const cookie = await signIn(first);
    const staffHeaders = { cookie, 'content-type': 'application/json', ...sameOrigin(first) };
    // As a browser asks, compressed: the kept answers' own bytes.
    const offers = async (server: ServerProcess) => {
      const response = await fetch(`${server.url}/api/tyres?size=205%2F55R16&quantity=4`, {
        headers: { 'accept-encoding': 'br, gzip' },
      });
      return ((await response.json()) as TyreSearchAnswer).items;
    };
    const ours = async (server: ServerProcess) =>
      (await offers(server)).find((offer) => offer.pattern === 'Two Servers');
    // Kept by the second before each change.
    expect(await ours(second)).toBeUndefined();

    const form = new FormData();
    const file = [priceFileColumns.join(','), ownRow(990_001, { pattern: 'Two Servers', stock: '8' })];
    form.set('file', new Blob([`${file.join('\n')}\n`], { type: 'text/csv' }), 'prices.csv');
    const started = await fetch(`${first.url}/api/tyres/imports`, {
      method: 'POST',
      headers: { cookie, ...sameOrigin(first) },
      body: form,
    });
    expect(started.status).toBe(202);
    const { id: importId } = (await started.json()) as { id: number };
    await expect
      .poll(async () => {
        const report = await fetch(`${first.url}/api/tyres/imports/${importId}`, { headers: { cookie } });
        return ((await report.json()) as { status: string }).status;
      })
      .toBe('done');
    await expect.poll(async () => (await ours(second))?.availability, { timeout: 2_000 }).toBe('in-stock');

    const tyre = (await ours(second))!;
    const changed = await fetch(`${first.url}/api/tyres/${tyre.id}`, {
      method: 'PATCH',
      headers: staffHeaders,
      body: JSON.stringify({ stock: 0, reason: 'Sold at the counter' }),
    });
    expect(changed.status).toBe(200);
    await expect.poll(async () => (await ours(second))?.availability, { timeout: 2_000 }).toBe('supplier');

    // A change of the price rules in one process reprices the other's answers.
    const rules = (await (
      await fetch(`${first.url}/api/settings/tyres`, { headers: { cookie } })
    ).json()) as DomainSettings<'tyres'>;
    const published = await fetch(`${first.url}/api/settings/tyres`, {
      method: 'PUT',
      headers: staffHeaders,
      body: JSON.stringify({
        version: rules.version,
        settings: { ...rules.settings, fitting: [{ upToRim: 24, pence: 3_000 }] },
      }),
    });
    expect(published.status).toBe(200);
    await expect.poll(async () => (await ours(second))?.price, { timeout: 2_000 }).not.toBe(tyre.price);

    // A change of the booking settings in one process empties the other's kept booking page.
    const bookPage = async (server: ServerProcess) =>
      (await fetch(`${server.url}/book`, { headers: { cookie: 'splash_seen=1' } })).text();
    await bookPage(second);
    expect(await bookPage(second)).toContain('We come to you');
    const booking = (await (
      await fetch(`${first.url}/api/settings/booking`, { headers: { cookie } })
    ).json()) as DomainSettings<'booking'>;
    const locations = booking.settings.locations.map((location) =>
      location.key === 'mobile' ? { ...location, enabled: false } : location,
    );
    const changedBooking = await fetch(`${first.url}/api/settings/booking`, {
      method: 'PUT',
      headers: staffHeaders,
      body: JSON.stringify({ version: booking.version, settings: { ...booking.settings, locations } }),
    });
    expect(changedBooking.status).toBe(200);
    await expect
      .poll(() => bookPage(second), { timeout: 2_000, interval: 50 })
      .not.toContain('We come to you');
  });
});
