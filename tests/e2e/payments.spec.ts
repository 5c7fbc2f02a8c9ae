import type { Booking } from '#common/bookings/booking.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { formatPence } from '#common/util/money.ts';
import { pdfText } from '#tests/support/pdf-text.ts';
import { startStripeStandIn, type StripeStandIn } from '#tests/support/stripe-stand-in.ts';
import { bookTwoMidRangeTyres, tomorrow, useBookingSite } from './booking-site.ts';
import { expect, hydratedOnArrival, problemsSeen, storeConsent, test } from './fixtures.ts';
import { addFitter, signedIn, signInOnPhone } from './job-site.ts';
import { staffAccount } from './staff-account.ts';

/**
 * Card payments online, on a phone, against a Stripe stand-in on localhost: the customer pays a
 * 20% deposit on Stripe's page when booking two tyres; the fitter completes the job and shows the
 * customer a card payment link for the rest, which the customer pays; the invoice lists both.
 */
test.describe('card payments online', () => {
  // Started before the site, which is given its address and keys; told the site's webhook once up.
  let standIn: StripeStandIn | undefined;
  test.beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  const site = useBookingSite(() => standIn!.env());
  test.beforeAll(() => {
    standIn!.webhookUrl = `${site.origin}/api/payments/stripe/webhook`;
  });
  test.afterAll(async () => {
    await standIn?.close();
  });

  test('a customer pays a 20% deposit when booking two tyres; the fitter’s card payment link takes the rest; the invoice is paid in full', async ({
    page,
    browser,
  }) => {
    const { origin } = site;
    const office = await signedIn(origin, staffAccount);
    const current = (await (await office.get('/api/settings/payments')).json()) as { version: number };
    const saved = await office.put('/api/settings/payments', {
      data: {
        version: current.version,
        settings: {
          deposit: { kind: 'percent', percent: 20, fixedPence: 5000, services: [] },
          refundableHours: 24,
          holdMinutes: 30,
        },
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    // Before confirming, the booking page tells of the deposit: 20% of the two tyres' price.
    let deposit = '';
    let total = '';
    const name = await bookTwoMidRangeTyres(page, origin, 'alex@example.com', {
      confirmation: 'Pay the deposit to secure your booking',
      beforeConfirming: async (booking) => {
        const notice = booking.locator('#book-deposit');
        await expect(notice).toContainText('Stripe');
        const words = /A deposit of (£[\d,.]+) \(20% of (£[\d,.]+)\) secures this booking/.exec(
          await notice.innerText(),
        );
        expect(words, 'the deposit’s amount, as a share of the total').not.toBeNull();
        [, deposit = '', total = ''] = words!;
      },
    });
    const pence = (amount: string) => Math.round(Number(amount.replace(/[£,]/g, '')) * 100);
    const totalPence = pence(total);
    const depositPence = Math.round(totalPence * 0.2);
    expect(pence(deposit)).toBe(depositPence);
    const main = page.locator('main');
    await expect(main).toContainText(`A deposit of ${deposit} is due.`);
    const reference = /BK-\d{4}-\d{4,}/.exec(await main.innerText())![0];
    const manageUrl = page.url().replace('?booked=1', '');
    const token = manageUrl.split('/').pop()!;

    // Stripe's page, for the deposit.
    await page.getByRole('link', { name: 'Pay the deposit' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${standIn!.url}/pay/`));
    await expect(page.locator('[data-amount]')).toHaveText(deposit);
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back on the booking's page, which shows it paid once Stripe's word has come.
    await page.waitForURL(`${manageUrl}?paid=1`);
    await expect(page.getByText(`Deposit of ${deposit} paid. Thank you.`)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pay the deposit' })).toHaveCount(0);

    // The office gives the job to a fitter.
    const password = 'balance-by-card-at-the-kerb';
    const fitterId = await addFitter(office, origin, 'carla.card', password);
    // The diary of the coming week, which has the first day offered.
    const diary = (await (await office.get('/api/bookings')).json()) as Booking[];
    const booked = diary.find((entry) => entry.reference === reference)!;
    expect(booked, `${reference} in the coming week’s diary`).toBeDefined();
    const given = await office.put(`/api/bookings/${booked.id}`, { data: { fitterId } });
    expect(given.status(), await given.text()).toBe(200);

    // The fitter, on their own phone, completes the job on its day.
    const fitterContext = await browser.newContext();
    await storeConsent(fitterContext);
    const phone = hydratedOnArrival(await fitterContext.newPage());
    const fitterProblems = problemsSeen(phone);
    await signInOnPhone(phone, origin, 'carla.card', password);
    await phone.goto(`${origin}/admin/jobs?date=${booked.date}`);
    const card = phone.getByRole('article').filter({ hasText: 'Alex Morgan' });
    await expect(card).toContainText(`2 × ${name}`);
    await card.getByRole('button', { name: 'Complete job' }).click();
    // The booked tyres are filled in: the fitter adds their DOT codes.
    const dots = card.getByLabel('DOT week and year (e.g. 2324)');
    await expect(dots).toHaveCount(2);
    for (const dot of await dots.all()) await dot.fill('2324');
    await card.getByRole('button', { name: 'Next' }).click();
    await card.getByRole('checkbox', { name: 'Wheel nuts torqued' }).check();
    await card.getByRole('button', { name: 'Next' }).click();
    await expect(card).toContainText(`Total ${formatPence(totalPence)}`);
    await card.getByRole('button', { name: 'Next' }).click();
    await card.getByRole('button', { name: 'Complete the job' }).click();
    // A job booked for a later day than tomorrow (the first offered, as the tyres come) is
    // completed once the fitter says the work is done today.
    if (booked.date > tomorrow) {
      await phone
        .getByRole('alertdialog', { name: 'Complete a job booked for a later day?' })
        .getByRole('button', { name: 'Complete it now' })
        .click();
    }
    await expect(card.getByText('Completed', { exact: true })).toBeVisible();

    // The rest, by a card payment link: its QR code for the customer to scan.
    const balance = formatPence(totalPence - depositPence);
    await card.getByRole('button', { name: 'Card payment link' }).click();
    const linkShown = card.getByRole('region', { name: 'Card payment link' });
    await expect(linkShown).toContainText(`Scan to pay ${balance} by card`);
    await expect(
      linkShown.getByRole('img', { name: `QR code of the link to pay ${balance} by card` }),
    ).toBeVisible();
    const link = (await linkShown.getByRole('link').getAttribute('href'))!;
    expect(link.startsWith(`${standIn!.url}/pay/`), link).toBe(true);

    // The customer pays it on their phone; the fitter's turns to paid without a reload.
    await page.goto(link, { waitUntil: 'commit' });
    await expect(page.locator('[data-amount]')).toHaveText(balance);
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(`${origin}/?paid=1`);
    await expect(linkShown.getByRole('status')).toContainText('Paid in full');
    await expect(linkShown).toContainText(`${formatPence(totalPence)} paid`);

    // The invoice, from the customer's link: paid in full, by both payments online.
    const invoice = await page.request.get(`${origin}/api/bookings/manage/${token}/invoice.pdf`);
    expect(invoice.status()).toBe(200);
    const text = (await pdfText(await invoice.body())).join('\n');
    expect(text).toContain('Paid in full');
    expect(text).toContain(`Online payment of ${deposit} on`);
    expect(text).toContain(`Online payment of ${balance} on`);
    const [job] = ((await (await office.get(`/api/jobs?date=${booked.date}`)).json()) as Job[]).filter(
      (entry) => entry.reference === reference,
    );
    expect(job).toMatchObject({ status: 'completed', total: totalPence, paid: totalPence });
    expect(fitterProblems, 'problems seen on the fitter’s phone').toEqual([]);
    await fitterContext.close();
    await office.dispose();
  });
});
