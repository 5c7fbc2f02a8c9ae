import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { bankHolidays } from '#common/time/bank-holidays.ts';
import { dayText } from '#common/bookings/booking.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays, weekdays } from '#common/time/week.ts';
import { startSmtpServer, until } from '#tests/support/smtp.ts';
import { freePort, startServerProcess, type ServerProcess } from '#tests/support/server-process.ts';
import { expect, expectAccessible, signInByCall, storeConsent, test, toastOf } from './fixtures.ts';
import { staffAccount } from './staff-account.ts';

/**
 * Online booking on a phone, against a site of its own that e-mails through a real SMTP server
 * the journey reads: a customer books a mobile puncture repair for tomorrow morning, receives the
 * confirmation with its calendar entry, opens the manage link and cancels; staff see bookings in
 * the diary and move one, and that customer receives the move; the same booking without
 * JavaScript.
 */
test.describe('online booking', () => {
  test.describe.configure({ mode: 'serial' });
  test.slow();

  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let site: ServerProcess;
  let origin: string;
  let dataDir: string;
  const tomorrow = addDays(londonDate(new Date()), 1);

  test.beforeAll(async () => {
    // A server of its own to start, sign in to and configure: on a busy machine, while the other
    // journeys start their browsers, that alone can take more than the minute a journey has.
    test.setTimeout(180_000);
    smtp = await startSmtpServer();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-booking-'));
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    site = await startServerProcess({
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: origin,
      SMTP_URL: smtp.url,
      SEED_DEMO_CONTENT: 'false',
      GA_MEASUREMENT_ID: '',
      ENQUIRY_RATE_LIMIT: '1000',
      ADMIN_USERNAME: staffAccount.username,
      ADMIN_PASSWORD: staffAccount.password,
    });
    await site.ready;
    await publishOpeningEveryDay(origin);
  });

  test.afterAll(async () => {
    site?.child.kill('SIGTERM');
    await site?.exited;
    await smtp?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** The mails received so far for `address`, parsed. */
  const mailsTo = async (address: string): Promise<ParsedMail[]> =>
    Promise.all(
      smtp.received.filter((mail) => mail.to.includes(address)).map((mail) => simpleParser(mail.raw)),
    );

  async function nextMailTo(address: string, count: number): Promise<ParsedMail> {
    await until(async () => (await mailsTo(address)).length >= count, 30_000);
    return (await mailsTo(address))[count - 1]!;
  }

  /** Books tomorrow's 8:00am mobile puncture repair through the page, from the service's page. */
  async function bookTomorrowMorning(
    page: Page,
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
    await page.getByLabel('Name').fill(name);
    await page.getByLabel('Phone').fill('07700 900456');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Vehicle registration').fill('ab12 cde');
    await page.getByLabel('Vehicle make and model').fill('Vauxhall Corsa');
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByText('Booking confirmed')).toBeVisible();
    await expect(page).toHaveURL(/\/bookings\/manage\/[A-Za-z0-9_-]{43}\?booked=1$/);
  }

  test('a customer books, is e-mailed the booking with its calendar entry, and cancels it', async ({
    page,
  }) => {
    await bookTomorrowMorning(page, { name: 'Priya Shah', email: 'priya@example.com' });
    const reference = /ENQ-\d{4}-\d{4,}/.exec(await page.locator('main').innerText())![0];
    await expectAccessible(page);

    const confirmation = await nextMailTo('priya@example.com', 1);
    expect(confirmation.subject).toContain(reference);
    expect(confirmation.text).toContain('When: ' + dayText(tomorrow) + ', 8:00am - 10:00am');
    const calendar = confirmation.attachments.find((file) => file.contentType === 'text/calendar');
    expect(calendar?.content.toString()).toContain(
      'DTSTART;TZID=Europe/London:' + tomorrow.replaceAll('-', '') + 'T080000',
    );
    const link = /https?:\/\/\S+\/bookings\/manage\/[A-Za-z0-9_-]+/.exec(confirmation.text!)![0];

    await page.goto(link);
    await expect(page.getByText(reference)).toBeVisible();
    await page.getByRole('button', { name: 'Cancel this booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel' }).click();
    await expect(page.getByText(/cancelled/i).first()).toBeVisible();
    const cancellation = await nextMailTo('priya@example.com', 2);
    expect(cancellation.subject).toContain('Booking cancelled');
  });

  test('staff see the bookings in the diary and move one; the customer is e-mailed the new time', async ({
    browser,
  }) => {
    const customer = await browser.newContext();
    await storeConsent(customer);
    await bookTomorrowMorning(await customer.newPage(), { name: 'Tom Baker', email: 'tom@example.com' });
    await customer.close();
    await nextMailTo('tom@example.com', 1);

    const staff = await staffPage(browser, origin);
    await staff.goto(`${origin}/admin/dashboard/bookings?date=${tomorrow}`);
    const card = staff.getByRole('article').filter({ hasText: 'Tom Baker' });
    await expect(card).toBeVisible();
    await expect(card).toContainText('AB12 CDE');
    await expect(card).toContainText('RM3 0AB');
    await card.getByRole('button', { name: /^Move/ }).click();
    const dialog = staff.getByRole('alertdialog', { name: 'Move booking' });
    await dialog.getByLabel('Day').selectOption(tomorrow);
    await dialog.getByRole('radio', { name: /^10:00/ }).check();
    await dialog.getByRole('button', { name: 'Move booking' }).click();
    await expect(toastOf(staff, 'Booking moved')).toBeVisible();

    const moved = await nextMailTo('tom@example.com', 2);
    expect(moved.subject).toContain('Booking moved');
    expect(moved.text).toContain(dayText(tomorrow) + ', 10:00am - 12:00pm');
    await staff.context().close();
  });

  /**
   * Finds 205/55 R16 from /tyres, sorts by wet grip, and books two of the first mid-range tyre
   * fitted from own stock, at home on the first day offered; answers the tyre's name.
   */
  async function bookTwoMidRangeTyres(page: Page, email: string, { scripts = true } = {}) {
    await page.goto(`${origin}/tyres`);
    await page.getByLabel('Width').selectOption('205');
    await page.getByLabel('Profile').selectOption('55');
    await page.getByLabel('Rim').selectOption('16');
    await page.getByRole('button', { name: 'Find tyres' }).click();
    await expect(page).toHaveURL(`${origin}/tyres/205-55-r16`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('205/55 R16 tyres, fitted');
    await page.getByLabel('How many tyres').selectOption('2');
    await page.getByLabel('Sort by').selectOption('wet');
    // With scripts each choice applies at once; without, the form's button sends them.
    if (!scripts) await page.getByRole('button', { name: 'Show tyres' }).click();
    await expect(page).toHaveURL(/quantity=2/);
    await expect(page).toHaveURL(/sort=wet/);
    const midRange = page.getByRole('region', { name: /^Mid-range/ }).getByRole('article');
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
    await expect(page.getByRole('radio', { name: /Tyre Replacement/ })).toBeChecked();
    await page.getByRole('radio', { name: /We come to you/ }).check();
    await page.getByLabel('Postcode where the vehicle will be').fill('rm3 0ab');
    await page.getByRole('button', { name: 'Continue' }).click();
    const tyres = page.getByRole('region', { name: 'Your tyres' });
    await expect(tyres).toContainText(`2 × ${name} 205/55 R16`);
    // The first day offered is chosen; its first time.
    await page
      .getByRole('group', { name: /^Choose a time on/ })
      .getByRole('radio')
      .first()
      .check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('region', { name: 'Your tyres' })).toContainText(`2 × ${name}`);
    await page.getByLabel('Name').fill('Alex Morgan');
    await page.getByLabel('Phone').fill('07700 900789');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Vehicle registration').fill('ab12 cde');
    await page.getByLabel('Vehicle make and model').fill('Ford Focus');
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByText('Booking confirmed')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Booking details' })).toContainText(`Tyres2 × ${name}`);
    return name;
  }

  /** The tyre of that name in 205/55 R16, as staff see it. */
  async function staffTyre(staff: Page, name: string) {
    const catalogue = await staff.request.get(`${origin}/api/tyres/catalogue?q=205/55R16`);
    const { items } = (await catalogue.json()) as {
      items: { id: number; brand: string; pattern: string; stock: number; reserved: number }[];
    };
    return items.find((item) => `${item.brand} ${item.pattern}` === name)!;
  }

  /** The Tyres tab's card of the tyre of that name in 205/55 R16. */
  async function tyreCardInTab(staff: Page, name: string) {
    await staff.goto(`${origin}/admin/dashboard/tyres`);
    await staff.getByLabel('Size, brand, pattern or EAN').fill('205/55 R16');
    await staff.getByRole('button', { name: 'Search' }).click();
    await expect(staff.getByText('Tyres matching “205/55 R16”', { exact: false })).toBeVisible();
    return staff.getByRole('article', { name, exact: true }).first();
  }

  test('a customer finds 205/55 R16, sorts by wet grip and books two mid-range tyres; staff see them reserved, and the stock fall once fitted', async ({
    page,
    browser,
  }) => {
    const name = await bookTwoMidRangeTyres(page, 'alex@example.com');
    const confirmation = await nextMailTo('alex@example.com', 1);
    expect(confirmation.text).toContain(`Tyres: 2 × ${name} 205/55 R16`);
    const each = /Price: (£\d+\.\d\d) per tyre, fully fitted/.exec(confirmation.text!)![1]!;
    const total = `£${(Number(each.slice(1)) * 2).toFixed(2)}`;
    expect(confirmation.text).toContain(`Total: ${total} including VAT`);

    const staff = await staffPage(browser, origin);
    const date = /When: (\w+ \d+ \w+ \d{4})/.exec(confirmation.text!)![1]!;
    const iso = londonDate(new Date(`${date} 12:00 UTC`));
    await staff.goto(`${origin}/admin/dashboard/bookings?date=${iso}`);
    const card = staff.getByRole('article').filter({ hasText: 'Alex Morgan' });
    await expect(card).toContainText(`2 × ${name}`);
    await expect(card).toContainText('Reserved from stock');
    const tyre = await staffTyre(staff, name);
    expect(tyre.reserved).toBe(2);

    // The Tyres tab shows the two held for the booking; once the job is done, the stock is two less.
    let inTab = await tyreCardInTab(staff, name);
    await expect(inTab.getByText(`2 held for bookings, ${tyre.stock - 2} free`)).toBeVisible();
    await staff.goto(`${origin}/admin/dashboard/bookings?date=${iso}`);
    await card.getByRole('button', { name: /as Completed$/ }).click();
    await staff.getByRole('alertdialog').getByRole('button', { name: 'Mark as completed' }).click();
    await expect(card).toContainText('Completed');
    inTab = await tyreCardInTab(staff, name);
    await expect(inTab.getByRole('definition').nth(2)).toHaveText(String(tyre.stock - 2));
    await expect(inTab).not.toContainText('held for bookings');
    await expectAccessible(staff);
    await staff.context().close();
  });

  test('the same booking works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await storeConsent(context);
    const page = await context.newPage();
    await bookTomorrowMorning(page, { name: 'Nadia Ali', email: 'nadia@example.com' }, { scripts: false });
    await expect(page.getByText(/AB12 CDE/)).toBeVisible();
    await nextMailTo('nadia@example.com', 1);
    await context.close();
  });

  test('the same tyre search and booking without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await storeConsent(context);
    const name = await bookTwoMidRangeTyres(await context.newPage(), 'sam@example.com', { scripts: false });
    const confirmation = await nextMailTo('sam@example.com', 1);
    expect(confirmation.text).toContain(`Tyres: 2 × ${name}`);
    await context.close();
  });

  test('staff import a supplier’s price file in the Tyres tab, mapping its columns once; adjust a tyre’s stock and a price rule, which customers see', async ({
    page,
  }) => {
    const file = path.join(dataDir, 'wholesaler.csv');
    fs.writeFileSync(
      file,
      [
        'EAN Code;Manufacturer;Tread;Tyre Size;Trade Price;Qty;Supplier Qty;Days',
        '4000000000011;Michelin;Pilot Sport 5;265/35 R22 102Y;150.00;4;20;2',
        '4000000000028;Hankook;Ventus S1 evo3;265/35 R22 102Y;95.50;0;12;1',
        '4000000000035;Nankang;Sportnex NS-25;265/35 R22 102Y;n/a;2;0;1',
        '4000000000042;Sailun;Atrezzo ZSR 2;265/35 R22 102Y;61.20;3;8;3',
      ].join('\r\n'),
    );
    await signInByCall(page, origin, '/admin/dashboard/tyres');
    await page.getByRole('tab', { name: 'Imports' }).click();
    await page.getByLabel(/^Price file/).setInputFiles(file);
    await expect(page.getByText('wholesaler.csv: 4 rows, 8 columns.')).toBeVisible();
    await expect(page.getByLabel('Whose columns does it have?')).toHaveValue('new');
    await page.getByLabel(/^Supplier’s name/).fill('Essex Tyre Wholesale');
    for (const [ours, theirs] of [
      [/^EAN/, 'EAN Code'],
      [/^Brand/, 'Manufacturer'],
      [/^Pattern/, 'Tread'],
      [/^Whole size/, 'Tyre Size'],
      [/^Cost before VAT/, 'Trade Price'],
      [/^Our stock/, 'Qty'],
      [/^Supplier stock/, 'Supplier Qty'],
      [/^Supplier lead time/, 'Days'],
    ] as const) {
      await page.getByLabel(ours).selectOption(theirs);
    }
    await page.getByRole('checkbox', { name: /whole range/ }).uncheck();
    await page.getByRole('button', { name: 'Import' }).click();
    const result = page.getByRole('region', { name: /wholesaler\.csv$/ });
    await expect(result).toContainText('3 of 4 rows imported, 1 refused.');
    await expect(result.getByRole('row').filter({ hasText: /^4/ })).toContainText('“n/a” is not an amount');
    const download = page.waitForEvent('download');
    await result.getByRole('link', { name: 'Download the 1 refused row (CSV)' }).click();
    const refused = fs.readFileSync(await (await download).path(), 'utf8');
    expect(refused).toMatch(/^\uFEFFline,reason\r\n4,/);
    await expectAccessible(page);

    // The next file of that supplier is read with the mapping kept.
    await page.getByLabel(/^Price file/).setInputFiles(file);
    await expect(page.getByLabel('Whose columns does it have?')).toHaveValue(/^\d+$/);
    await expect(page.getByLabel('Whose columns does it have?').locator('option:checked')).toHaveText(
      'Essex Tyre Wholesale’s columns',
    );

    // Customers find the new size, priced by the rules: the 22-inch fitting charge is £25.00.
    const sizePage = await page.context().newPage();
    await sizePage.goto(`${origin}/tyres/265-35-r22`);
    const hankook = sizePage.getByRole('article', { name: 'Hankook Ventus S1 evo3' });
    const priceOf = async () =>
      (
        await hankook
          .getByText(/^£\d+\.\d\d$/)
          .first()
          .innerText()
      ).slice(1);
    const before = Number(await priceOf());

    await page.getByRole('tab', { name: 'Prices' }).click();
    await page.getByLabel('Charge (£)').last().fill('30.00');
    await page.getByRole('button', { name: 'Publish prices' }).click();
    await expect(toastOf(page, 'Prices published')).toBeVisible();
    await sizePage.reload();
    expect(Number(await priceOf())).toBeCloseTo(before + 5, 2);

    // A stock count needs its reason, which the activity log keeps.
    await page.getByRole('tab', { name: 'Stock' }).click();
    await page.getByLabel('Size, brand, pattern or EAN').fill('4000000000028');
    await page.getByRole('button', { name: 'Search' }).click();
    const card = page.getByRole('article', { name: 'Hankook Ventus S1 evo3' });
    await card.getByRole('button', { name: 'Adjust stock or price' }).click();
    await card.getByLabel('On the shelf').fill('5');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(card.getByRole('alert')).toHaveText(
      'Say why the stock changes, for example “Counted the shelf”',
    );
    await card.getByLabel('Reason for the change').fill('Delivery from the wholesaler');
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(toastOf(page, 'Tyre saved')).toBeVisible();
    await expect(card.getByRole('definition').nth(2)).toHaveText('5');
    await page.goto(`${origin}/admin/dashboard/activity`);
    await expect(page.getByText(/reason: Delivery from the wholesaler/)).toBeVisible();
    await sizePage.close();
  });
});

/** Booking settings open every day, bank holidays too, two morning windows of three places. */
async function publishOpeningEveryDay(origin: string) {
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
  const published = (await (await fetch(`${origin}/api/site-content`)).json()) as {
    version: number;
    content: { branches: { key: string }[] };
  };
  const windows = [
    { start: '08:00', end: '10:00', places: 3 },
    { start: '10:00', end: '12:00', places: 3 },
  ];
  const week = Object.fromEntries(weekdays.map((day) => [day, windows]));
  const booking = {
    horizonDays: 21,
    noticeHours: 4,
    locations: ['mobile', ...published.content.branches.map((branch) => branch.key)].map((key) => ({
      key,
      enabled: true,
      week,
    })),
    closedDates: [],
    openBankHolidays: Object.keys(bankHolidays),
  };
  const response = await fetch(`${origin}/api/site-content`, {
    method: 'PUT',
    headers: { ...headers, cookie },
    body: JSON.stringify({ version: published.version, content: { ...published.content, booking } }),
  });
  if (!response.ok) throw new Error(`publishing the booking settings answered ${response.status}`);
}

/** A signed-in staff page on the booking site. */
async function staffPage(browser: Browser, origin: string): Promise<Page> {
  const context = await browser.newContext();
  await storeConsent(context);
  const page = await context.newPage();
  await signInByCall(page, origin);
  return page;
}
