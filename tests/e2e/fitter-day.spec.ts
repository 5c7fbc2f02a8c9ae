import sharp from 'sharp';
import { dayText } from '#common/bookings/booking.ts';
import type { Job, Takings, VehicleHistory } from '#common/jobs/jobs.ts';
import { londonDate } from '#common/time/london.ts';
import { pdfText } from '#tests/support/pdf-text.ts';
import { tomorrow, useBookingSite } from './booking-site.ts';
import { anySize, expect, expectAccessible, test, untilHydrated } from './fixtures.ts';
import {
  addFitter,
  bookJob,
  createFitter,
  loseSignal,
  signalReturns,
  signedIn,
  signInOnPhone,
} from './job-site.ts';
import { staffAccount } from './staff-account.ts';

test.describe('the fitter’s day', () => {
  // The job report waits a moment for a payment taken just after completion.
  const site = useBookingSite({ JOB_REPORT_DELAY_SECONDS: '3' });

  test('a fitter works a job without signal; once back online the office has it once and the customer is e-mailed once', async ({
    page,
  }) => {
    const office = await signedIn(site.origin, staffAccount);
    const password = 'torque-wrench-on-the-a13';
    const fitterId = await addFitter(office, site.origin, 'frank.fitter', password);
    const customer = 'sam.driver@example.com';
    const job = await bookJob(office, { name: 'Sam Driver', email: customer, fitterId });
    const { reference } = job;
    // The fitter signs in on their phone and lands on My jobs.
    await signInOnPhone(page, site.origin, 'frank.fitter', password);
    await page.getByRole('button', { name: 'The day after' }).click();
    const card = page.getByRole('article', { name: /8:00am – 10:00am/ });
    await expect(card).toContainText('Sam Driver');
    await expect(card).toContainText('12 Gooshays Drive, Romford, RM3 0AB');
    await expect(card.getByRole('link', { name: '07700 900456' })).toHaveAttribute('href', 'tel:07700900456');
    await card.getByText('Navigate', { exact: true }).click();
    await expect(card.getByRole('link', { name: 'Google Maps' })).toHaveAttribute(
      'href',
      /google\.com\/maps\/dir/,
    );
    await expect(card.getByRole('link', { name: 'Waze' })).toHaveAttribute('href', /waze\.com\/ul/);

    // No signal from here on.
    await loseSignal(page);
    await card.getByRole('button', { name: 'On my way' }).click();
    await card.getByLabel('Arriving about').fill('08:20');
    await card.getByRole('button', { name: 'Tell the customer I am on my way' }).click();
    await expect(card).toContainText('On the way, about 8:20am');
    await card.getByRole('button', { name: 'Arrived' }).click();
    await expect(card.getByText('Arrived', { exact: true })).toBeVisible();

    await expectAccessible(page);
    await card.getByRole('button', { name: 'Complete job' }).click();
    await expectAccessible(page);
    for (const dot of ['2324', '2324']) {
      await card.getByRole('button', { name: 'Add a tyre' }).click();
      const row = card.getByLabel('DOT week and year (e.g. 2324)').last();
      await row.fill(dot);
    }
    await card.getByLabel('Brand').first().fill('Hankook');
    await card.getByLabel('Pattern').first().fill('Ventus Prime 4');
    await card.getByLabel('Size').first().fill('205/55 R16 91V');
    await card.getByLabel('Brand').last().fill('Hankook');
    await card.getByLabel('Pattern').last().fill('Ventus Prime 4');
    await card.getByLabel('Size').last().fill('205/55 R16 91V');
    await card.getByLabel('Near-side front').fill('2.1');
    await card.getByLabel('Off-side front').fill('1.6');
    // A phone screen at a time: the checks (none ticked until the fitter ticks it) and photos.
    await card.getByRole('button', { name: 'Next' }).click();
    await expect(card.getByRole('heading', { name: 'Step 2 of 4 Checks and photos' })).toBeVisible();
    await card.getByRole('checkbox', { name: 'Wheel nuts torqued' }).check();
    await card.getByLabel('Advisories').fill('Rear tyres at 3 mm.');
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#556677' } })
      .jpeg()
      .toBuffer();
    await card
      .getByLabel(/^Photos/)
      .setInputFiles({ name: 'tyre.jpg', mimeType: 'image/jpeg', buffer: photo });
    // The charge as booked, then the customer signs with a finger.
    await card.getByRole('button', { name: 'Next' }).click();
    await expect(card).toContainText('Total £25.00');
    await card.getByRole('button', { name: 'Next' }).click();
    const pad = card.getByRole('img', { name: 'Customer’s signature (optional)' });
    await pad.scrollIntoViewIfNeeded();
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.3, { steps: 8 });
    await page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.6, { steps: 8 });
    await page.mouse.up();
    await expect(card.getByRole('button', { name: 'Clear the signature' })).toBeVisible();
    await card.getByRole('button', { name: 'Complete the job' }).click();
    // The payment follows: the card terminal takes all that is due.
    await card.getByRole('button', { name: 'Record the payment' }).click();
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();
    const waiting = page.getByRole('region', { name: /actions waiting to be sent/ });
    await expect(waiting).toContainText('6 actions waiting to be sent');
    await expect(waiting).toContainText(`${reference}: Customer’s signature`);
    await expect(waiting).toContainText(`${reference}: Payment of £25.00 by card`);
    await expectAccessible(page);

    // The signal returns: everything goes, once.
    await signalReturns(page);
    await expect(page.getByText('Everything is sent.')).toBeVisible({ timeout: 30_000 });

    const [done] = (await (await office.get(`/api/jobs?date=${tomorrow}`)).json()) as Job[];
    expect(done).toMatchObject({
      status: 'completed',
      paid: 2500,
      total: 2500,
      photos: 1,
      invoice: 'INV-000001',
    });
    // The photo and the signature, each once, for the office only.
    const files = (await (await office.get(`/api/jobs/${done!.id}/photos`)).json()) as { kind: string }[];
    expect(files.map((file) => file.kind).sort()).toEqual(['photo', 'signature']);
    const takings = (await (
      await office.get(`/api/takings?date=${londonDate(new Date())}`)
    ).json()) as Takings;
    expect(takings).toMatchObject({ total: 2500, byMethod: { card: 2500 } });
    expect(takings.fitters).toEqual([expect.objectContaining({ payments: 1, total: 2500 })]);
    const history = (await (await office.get('/api/vehicles/AB12CDE')).json()) as VehicleHistory;
    expect(history.jobs).toHaveLength(1);
    expect(history.jobs[0]!.invoices).toHaveLength(1);
    expect(history.jobs[0]!.record?.tyres).toHaveLength(2);

    // The customer: the booking's confirmation, then one "on my way" and one job report.
    const onTheWay = await site.nextMailTo(customer, 2);
    expect(onTheWay.subject).toMatch(/^We are on our way: arriving about 8:20am/);
    const report = await site.nextMailTo(customer, 3);
    expect(report.subject).toMatch(/^Your job report and invoice INV-000001/);
    expect(report.text).toContain('Near-side front: Hankook Ventus Prime 4 205/55 R16 91V, DOT 2324');
    expect(report.attachments.map((file) => file.filename)).toEqual(['INV-000001.pdf']);
    const invoice = (await pdfText(report.attachments[0]!.content)).join('\n');
    expect(invoice).toContain('Paid in full');
    // Nothing more comes, however often the phone tried.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(site.mailCountTo(customer)).toBe(3);
    await office.dispose();
  });

  test(
    'My jobs opens again without signal, with the day and the actions still waiting',
    anySize,
    async ({ page }) => {
      const office = await signedIn(site.origin, staffAccount);
      const password = 'locking-nut-key-in-the-van';
      const fitterId = await addFitter(office, site.origin, 'olly.offline', password);
      const job = await bookJob(office, { name: 'Jo Kerbside', email: 'jo@example.com', fitterId });
      await signInOnPhone(page, site.origin, 'olly.offline', password);
      // Installable: the page names its web app manifest, which opens My jobs on its own.
      const manifestPath = await page.locator('link[rel="manifest"]').getAttribute('href');
      const manifest = (await (await page.request.get(`${site.origin}${manifestPath}`)).json()) as {
        start_url: string;
        scope: string;
        display: string;
        icons: { src: string; sizes: string }[];
      };
      expect(manifest).toMatchObject({
        start_url: '/admin/jobs',
        scope: '/admin/jobs',
        display: 'standalone',
      });
      expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
      for (const icon of manifest.icons) {
        const image = await page.request.get(`${site.origin}${icon.src}`);
        expect(image.headers()['content-type']).toBe('image/png');
      }
      // The page and the files it names are kept on the phone by its service worker once it has
      // installed.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const files = [...document.querySelectorAll('script[src], link[href]')]
              .map(
                (element) =>
                  new URL(element.getAttribute('src') ?? element.getAttribute('href')!, location.href),
              )
              .filter((url) => url.pathname.startsWith('/assets/'))
              .map((url) => url.pathname);
            const kept = await Promise.all(['/admin/jobs', ...files].map((path) => caches.match(path)));
            return kept.every((response) => response !== undefined);
          }),
        )
        .toBe(true);
      await page.getByRole('button', { name: 'The day after' }).click();
      const card = page.getByRole('article', { name: /8:00am – 10:00am/ });
      await expect(card).toContainText('Jo Kerbside');

      // Out of signal, the browser closed and opened again.
      await loseSignal(page);
      await page.reload();
      await untilHydrated(page);
      await expect(page.getByRole('status').filter({ hasText: 'No signal.' })).toBeVisible();
      await expect(page.getByText('Everything is sent.')).toBeHidden();
      // The address keeps the day: it opens again as kept; a day never opened says it is not here.
      await expect(page).toHaveURL(`${site.origin}/admin/jobs?date=${tomorrow}`);
      await expect(card).toContainText('Jo Kerbside');
      await expect(page.getByText(/^As loaded at /)).toBeVisible();
      await page.getByRole('button', { name: 'The day after' }).click();
      await expect(
        page.getByText(/is not on this phone: a day is kept once it has been opened/),
      ).toBeVisible();
      await page.getByRole('button', { name: 'The day before' }).click();
      await expect(card).toContainText('Jo Kerbside');
      await card.getByRole('button', { name: 'Arrived' }).click();
      await expect(card.getByText('Arrived', { exact: true })).toBeVisible();

      // Opened once more, still without signal: the action waits on the phone.
      await page.reload();
      await untilHydrated(page);
      const waiting = page.getByRole('region', { name: /actions? waiting to be sent/ });
      await expect(waiting).toContainText(`${job.reference}: Arrived`);

      // The signal returns: the action goes.
      await signalReturns(page);
      await expect(page.getByText('Everything is sent.')).toBeVisible({ timeout: 30_000 });
      const day = await office.get(`/api/jobs?date=${tomorrow}&fitter=${fitterId}`);
      expect((await day.json()) as Job[]).toEqual([
        expect.objectContaining({ reference: job.reference, status: 'arrived' }),
      ]);
      await office.dispose();
    },
  );

  test('a new fitter sets up their account on the phone, lands on My jobs, goes to their next job by its day and is shown what to correct', async ({
    page,
  }) => {
    const office = await signedIn(site.origin, staffAccount);
    const { id: fitterId, setupUrl } = await createFitter(office, 'nina.new');
    await bookJob(office, { name: 'Ali Nextday', email: 'ali@example.com', fitterId, start: '10:00' });

    // The set-up link the office handed over opens on the phone, and leads to My jobs: today.
    await page.goto(setupUrl);
    await page.getByLabel('New password').fill('spare-wheel-under-the-boot');
    await page.getByLabel('Confirm password').fill('spare-wheel-under-the-boot');
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await expect(page).toHaveURL(`${site.origin}/admin/jobs`);
    const today = londonDate(new Date());
    await expect(page.getByRole('heading', { level: 2, name: dayText(today) })).toBeVisible();

    // Next job: the day is in the address, and a reload keeps it.
    await page.getByRole('button', { name: 'Next job' }).click();
    await expect(page).toHaveURL(`${site.origin}/admin/jobs?date=${tomorrow}`);
    const card = page.getByRole('article', { name: /10:00am – 12:00pm/ });
    await expect(card).toContainText('Ali Nextday');
    await page.getByRole('button', { name: 'Next job' }).click();
    await expect(page.getByText(`No jobs booked for you after ${dayText(tomorrow)}.`)).toBeVisible();
    await page.reload();
    await untilHydrated(page);
    await expect(card).toContainText('Ali Nextday');
    await page.getByRole('button', { name: 'Today' }).click();
    await expect(page).toHaveURL(`${site.origin}/admin/jobs`);
    await expect(page.getByRole('heading', { level: 2, name: dayText(today) })).toBeVisible();
    await page.goto(`${site.origin}/admin/jobs?date=${tomorrow}`);
    await expect(card).toContainText('Ali Nextday');

    // Completed with a DOT mistyped and the wheel nuts not ticked: every problem at the top.
    await card.getByRole('button', { name: 'Complete job' }).click();
    await card.getByRole('button', { name: 'Add a tyre' }).click();
    await card.getByLabel('Brand').fill('Hankook');
    await card.getByLabel('Pattern').fill('Ventus Prime 4');
    await card.getByLabel('Size').fill('205/55 R16 91V');
    await card.getByLabel('DOT week and year (e.g. 2324)').fill('99');
    for (let step = 0; step < 3; step++) await card.getByRole('button', { name: 'Next' }).click();
    await card.getByRole('button', { name: 'Complete the job' }).click();
    const summary = card.getByRole('group', { name: 'There is a problem' });
    await expect(summary).toBeFocused();
    await expect(summary.getByRole('link')).toHaveText([
      'Enter the DOT week and year as four digits, for example 2324',
      'Tick once the wheel nuts are torqued to the maker’s setting',
    ]);
    await expect(card.getByRole('heading', { name: 'Step 1 of 4 Tyres' })).toBeVisible();
    await expectAccessible(page);
    await summary.getByRole('link', { name: /wheel nuts/ }).click();
    await expect(card.getByRole('heading', { name: 'Step 2 of 4 Checks and photos' })).toBeVisible();
    await expect(card.getByRole('checkbox', { name: 'Wheel nuts torqued' })).toBeFocused();
    await office.dispose();
  });
});
