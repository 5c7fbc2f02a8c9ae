import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { dayText } from '#common/bookings/booking.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { openEveryDay } from '#tests/support/booking-settings.ts';
import { createServerDatabase } from '#tests/support/server-database.ts';
import { startSmtpServer, until } from '#tests/support/smtp.ts';
import { freePort, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts';
import { expect, hydratedOnArrival, signInByCall, storeConsent, test } from './fixtures.ts';
import { journeyTemplateDatabase, withJourneyDatabase } from './journey-database.ts';
import { staffAccount } from './staff-account.ts';

/**
 * Online booking's journeys, on a phone, each file against a site of its own that e-mails
 * through a real SMTP server the journeys read (so that the files run at once, and what one
 * books takes no place nor tyre from another's).
 */

export const tomorrow = addDays(londonDate(new Date()), 1);

type BookingSite = {
  /** The site's address, once it has started. */
  origin: string;
  /** Its data directory. */
  dataDir: string;
  /** The `count`th mail received for `address`, parsed, once it has come (within 30 s). */
  nextMailTo(address: string, count: number): Promise<ParsedMail>;
  /** How many mails `address` has received so far. */
  mailCountTo(address: string): number;
};

/**
 * Starts a booking site for the journeys of the `describe` block it is called in (before the
 * first, stopped after the last), open for bookings every day. The journeys run one after
 * another, each with room for a slow machine: each starts from what the one before booked.
 * Its settings may be given as a function, read as the site starts: after the block's hooks
 * declared before this call (which start what the site is to reach, such as a Stripe stand-in).
 */
export function useBookingSite(
  env: Record<string, string> | (() => Record<string, string>) = {},
): BookingSite {
  test.describe.configure({ mode: 'serial' });
  test.slow();
  let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
  let server: ServerProcess | undefined;
  let database: Awaited<ReturnType<typeof createServerDatabase>> | undefined;
  const mailsTo = async (address: string): Promise<ParsedMail[]> =>
    Promise.all(
      smtp!.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)),
    );
  const site: BookingSite = {
    origin: '',
    dataDir: '',
    async nextMailTo(address, count) {
      await until(async () => (await mailsTo(address)).length >= count, 30_000);
      return (await mailsTo(address))[count - 1]!;
    },
    mailCountTo: (address) => smtp!.received.filter((mail) => mail.to.includes(address)).length,
  };

  test.beforeAll(async () => {
    // A server of its own to start, sign in to and configure: on a busy machine, while the other
    // journeys start their browsers, that alone can take more than the minute a journey has.
    test.setTimeout(180_000);
    smtp = await startSmtpServer();
    // With TEST_DATABASE_URL (CI's PostgreSQL pass) on that server, in a database of its own;
    // otherwise on the embedded database; prepared as the other sites' (journey-database.ts).
    const serverUrl = process.env.TEST_DATABASE_URL;
    database = serverUrl
      ? await createServerDatabase(serverUrl, 'e2e_booking', journeyTemplateDatabase(serverUrl))
      : undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-booking-'));
    site.dataDir = database ? dataDir : withJourneyDatabase(dataDir);
    const port = await freePort();
    site.origin = `http://127.0.0.1:${port}`;
    server = await startServerProcess({
      PORT: String(port),
      DATA_DIR: site.dataDir,
      DATABASE_URL: database?.url,
      PUBLIC_URL: site.origin,
      SMTP_URL: smtp.url,
      SEED_DEMO_CONTENT: 'false',
      GA_MEASUREMENT_ID: '',
      ENQUIRY_RATE_LIMIT: '1000',
      ...(typeof env === 'function' ? env() : env),
    });
    await server.ready;
    await saveOpeningEveryDay(site.origin);
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await smtp?.close();
    await database?.drop();
    if (site.dataDir) fs.rmSync(site.dataDir, { recursive: true, force: true });
  });

  return site;
}

/** How a journey books: with scripts or without; what it checks before confirming; what it then sees. */
type BookingOptions = {
  scripts?: boolean;
  /** What the customer reads on the last step, filled in, before confirming (the deposit's terms). */
  beforeConfirming?: (page: Page) => Promise<void>;
  /** What the page says once booked: "Booking confirmed", or while a deposit is due, that it is. */
  confirmation?: string;
};

/**
 * Fills in the booking's last step for the customer (vehicle AB12 CDE) and confirms it; the page
 * then says `confirmation`.
 */
async function confirmAs(
  page: Page,
  customer: { name: string; phone: string; email: string; vehicle: string },
  { beforeConfirming, confirmation = 'Booking confirmed' }: BookingOptions = {},
) {
  await page.getByLabel('Name').fill(customer.name);
  await page.getByLabel('Phone').fill(customer.phone);
  await page.getByLabel('Email').fill(customer.email);
  // Mobile fitting asks where the vehicle will be.
  await page.getByLabel('Address (first line)').fill('12 Gooshays Drive');
  await page.getByLabel(/^Town\b/).fill('Romford');
  await page.getByLabel('Vehicle registration').fill('ab12 cde');
  await page.getByLabel('Vehicle make and model').fill(customer.vehicle);
  await beforeConfirming?.(page);
  await page.getByRole('button', { name: 'Confirm booking' }).click();
  await expect(page.getByText(confirmation)).toBeVisible();
}

/** Books tomorrow's 8:00am mobile puncture repair through the page, from the service's page. */
export async function bookTomorrowMorning(
  page: Page,
  origin: string,
  { name, email }: { name: string; email: string },
  { scripts = true } = {},
) {
  await page.goto(`${origin}/services/puncture-repair`);
  await page.getByRole('link', { name: 'Book This Service Now' }).click();
  await expect(page).toHaveURL(/\/book\?service=puncture-repair/);
  await expect(page.getByRole('radio', { name: /Puncture Repair/ })).toBeChecked();
  await page.getByRole('radio', { name: /We come to you/ }).check();
  await page.getByLabel('Postcode where the vehicle will be').fill('rm3 0ab');
  await page.getByRole('button', { name: 'Continue' }).click();
  const day = dayText(tomorrow).replace(/ \d{4}$/, '');
  await page.getByRole('radio', { name: day }).check();
  // Without scripts the times are the first day's (today's, while it has some left) until the
  // form is sent with the day chosen.
  if (!scripts) await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('group', { name: `Choose a time on ${day}` })).toBeVisible();
  await page.getByRole('radio', { name: /^8:00am/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await confirmAs(page, { name, phone: '07700 900456', email, vehicle: 'Vauxhall Corsa' });
  await expect(page).toHaveURL(/\/bookings\/manage\/[A-Za-z0-9_-]{43}\?booked=1$/);
}

/** On the booking's day and time step: the first day offered (chosen already), its first time. */
export async function chooseFirstTime(page: Page) {
  await page
    .getByRole('group', { name: /^Choose a time on/ })
    .getByRole('radio')
    .first()
    .check();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/**
 * Finds 205/55 R16 from /tyres, sorts by wet grip, and books two of the first mid-range tyre
 * fitted from own stock, at home on the first day offered; answers the tyre's name.
 */
export async function bookTwoMidRangeTyres(
  page: Page,
  origin: string,
  email: string,
  options: BookingOptions = {},
) {
  const { scripts = true } = options;
  await page.goto(`${origin}/tyres`);
  await page.getByLabel('Width').selectOption('205');
  await page.getByLabel('Profile').selectOption('55');
  await page.getByLabel('Rim').selectOption('16');
  await page.getByRole('button', { name: 'Find tyres' }).click();
  await expect(page).toHaveURL(`${origin}/tyres/205-55-r16`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('205/55 R16 tyres, fitted');
  await page.getByLabel('How many tyres').selectOption('2');
  await page.getByLabel('Sort by').selectOption('wet');
  await page.getByLabel('Range').selectOption('mid-range');
  // With scripts each choice applies at once; without, the form's button sends them.
  if (!scripts) await page.getByRole('button', { name: 'Show tyres' }).click();
  await expect(page).toHaveURL(/quantity=2/);
  await expect(page).toHaveURL(/sort=wet/);
  await expect(page).toHaveURL(/tier=mid-range/);
  const midRange = page.getByRole('region', { name: 'Best wet grip first' }).getByRole('article');
  // The address changes as the navigation ends; the list is drawn just after it.
  await expect(async () => {
    const grades = await midRange
      .getByText(/^Wet grip/)
      .locator('xpath=following-sibling::dd')
      .allInnerTexts();
    expect(grades.length).toBeGreaterThan(1);
    expect([...grades].sort()).toEqual(grades);
  }).toPass();
  const tyre = midRange.filter({ hasText: 'Fitted from' }).filter({ hasNotText: 'Ordered in' }).first();
  const name = (await tyre.getAttribute('aria-label'))!;
  await tyre.getByRole('link', { name: /^Book fitting/ }).click();
  await expect(page).toHaveURL(/\/book\?service=tyre-replacement&tyre=\d+&quantity=2/);
  // The tyres are in view from the first step, which asks only where they are fitted.
  const tyres = page.getByRole('region', { name: 'Your tyres' });
  await expect(tyres).toContainText(`2 × ${name} 205/55 R16`);
  await expect(page.getByRole('group', { name: 'Which service do you need?' })).toHaveCount(0);
  await page.getByRole('radio', { name: /We come to you/ }).check();
  await page.getByLabel('Postcode where the vehicle will be').fill('rm3 0ab');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(tyres).toContainText(`2 × ${name} 205/55 R16`);
  await chooseFirstTime(page);
  // The details name them once, in the booking's summary.
  await expect(page.getByRole('region', { name: 'Your booking' })).toContainText(`2 × ${name}`);
  await expect(tyres).toHaveCount(0);
  await page
    .getByRole('group', { name: 'Do your wheels have locking wheel nuts?' })
    .getByRole('radio', { name: 'Yes' })
    .check();
  await page.getByLabel('Where is the key?').fill('Glovebox');
  await confirmAs(
    page,
    { name: 'Alex Morgan', phone: '07700 900789', email, vehicle: 'Ford Focus' },
    options,
  );
  await expect(page.getByRole('region', { name: 'Booking details' })).toContainText(`Tyres2 × ${name}`);
  return name;
}

/** The tyre of that name in 205/55 R16, as staff see it. */
export async function staffTyre(staff: Page, origin: string, name: string) {
  const catalogue = await staff.request.get(`${origin}/api/tyres/catalogue?q=205/55R16`);
  const { items } = (await catalogue.json()) as {
    items: { id: number; brand: string; pattern: string; stock: number; reserved: number }[];
  };
  return items.find((item) => `${item.brand} ${item.pattern}` === name)!;
}

/** The Tyres tab's stock table's cells of the tyre of that name in 205/55 R16 (found by its row's action). */
export async function tyreRowInTab(staff: Page, origin: string, name: string) {
  await staff.goto(`${origin}/admin/dashboard/tyres`);
  await staff.getByLabel('Size, brand, pattern or EAN').fill('205/55 R16');
  await staff.getByRole('button', { name: 'Search' }).click();
  await expect(staff.getByText('Tyres matching “205/55 R16”', { exact: false })).toBeVisible();
  const action = staff.getByRole('button', {
    name: `Adjust stock or price of ${name}, 205/55R16`,
    exact: false,
  });
  const row = staff.getByRole('row').filter({ has: action }).first();
  return { stock: row.getByRole('cell').nth(3), held: row.getByRole('cell').nth(4) };
}

/** Booking settings open every day, bank holidays too, two morning windows of three places. */
async function saveOpeningEveryDay(origin: string) {
  const headers = { 'content-type': 'application/json', 'x-admin-request': '1', origin };
  const login = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify(staffAccount),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((value) => value.split(';')[0]!)
    .join('; ');
  const published = (await (await fetch(`${origin}/api/site-content`, { headers: { cookie } })).json()) as {
    content: { branches: { key: string }[] };
  };
  const booking = openEveryDay(
    published.content.branches.map((branch) => branch.key),
    [
      { start: '08:00', end: '10:00', places: 3 },
      { start: '10:00', end: '12:00', places: 3 },
    ],
  );
  const current = (await (await fetch(`${origin}/api/settings/booking`, { headers: { cookie } })).json()) as {
    version: number;
  };
  const response = await fetch(`${origin}/api/settings/booking`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ version: current.version, settings: booking }),
  });
  if (!response.ok) throw new Error(`saving the booking settings answered ${response.status}`);
}

/** A signed-in staff page on the booking site, whose `goto` waits for hydration as the fixture's does. */
export async function staffPage(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext();
  await storeConsent(context);
  const page = hydratedOnArrival(await context.newPage());
  await signInByCall(page, origin);
  return page;
}
