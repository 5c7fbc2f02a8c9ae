import crypto from 'node:crypto';
import { dayText } from '#common/bookings/booking.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { addDays } from '#common/time/week.ts';
import { bookTomorrowMorning, tomorrow, useBookingSite } from './booking-site.ts';
import { expect, expectAccessible, test } from './fixtures.ts';
import { addFitter, signedIn } from './job-site.ts';
import { staffAccount } from './staff-account.ts';

/**
 * The customer's own booking page, on a phone: the confirmation says what happens next and adds
 * the booking to a calendar; the customer moves it to another time; once the fitter completes the
 * job, the page shows the job report, the VAT invoice to download and where to leave a review.
 */
test.describe('the customer’s booking page', () => {
  const site = useBookingSite();
  const reviewLink = 'https://g.page/r/example-tyres/review';

  test('confirmation, a move to another time, then the job report, invoice and review link', async ({
    page,
  }) => {
    const { origin } = site;
    const office = await signedIn(origin, staffAccount);
    const reminders = (await (await office.get('/api/settings/reminders')).json()) as {
      version: number;
      settings: Record<string, unknown>;
    };
    const saved = await office.put('/api/settings/reminders', {
      data: { version: reminders.version, settings: { ...reminders.settings, reviewLink } },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await bookTomorrowMorning(page, origin, { name: 'Grace Okafor', email: 'grace@example.com' });
    const main = page.locator('main');
    const reference = /BK-\d{4}-\d{4,}/.exec(await main.innerText())![0];
    const next = page.getByRole('region', { name: 'What happens next' });
    await expect(next.getByRole('listitem').first()).toContainText('We have e-mailed your confirmation');
    await expect(next).toContainText('your fitter e-mails you as they set off');
    await expect(next).toContainText('Pay when the work is done');
    const download = page.waitForEvent('download');
    await next.getByRole('link', { name: /Add to calendar/ }).click();
    expect((await download).suggestedFilename()).toBe('booking.ics');
    await expectAccessible(page);
    const confirmation = await site.nextMailTo('grace@example.com', 1);
    expect(confirmation.subject).toContain(reference);

    // Moved to the day after, at 10:00.
    const dayAfter = addDays(tomorrow, 1);
    await page.getByRole('link', { name: 'Change the time' }).click();
    const move = page.getByRole('region', { name: 'Change the time' });
    await move.getByRole('radio', { name: dayText(dayAfter).replace(/ \d{4}$/, '') }).check();
    await move.getByRole('radio', { name: /^10:00am/ }).check();
    await expectAccessible(page);
    await move.getByRole('button', { name: 'Move my booking' }).click();
    await expect(page.getByRole('status')).toContainText('Booking moved');
    await expect(page).toHaveURL(/\/bookings\/manage\/[A-Za-z0-9_-]{43}\?moved=1$/);
    await expect(main).toContainText(`${dayText(dayAfter)}, 10:00am – 12:00pm`);
    const moved = await site.nextMailTo('grace@example.com', 2);
    expect(moved.subject).toContain('Booking moved');
    const manageUrl = page.url().replace('?moved=1', '');

    // The fitter completes the job.
    const fitterAccount = { username: 'gary.manage', password: 'valve-caps-on-the-a13' };
    const fitterId = await addFitter(office, origin, fitterAccount.username, fitterAccount.password);
    const jobs = (await (await office.get(`/api/jobs?date=${dayAfter}`)).json()) as Job[];
    const job = jobs.find((entry) => entry.reference === reference)!;
    const given = await office.put(`/api/bookings/${job.id}`, { data: { fitterId } });
    expect(given.status(), await given.text()).toBe(200);
    const fitter = await signedIn(origin, fitterAccount);
    const completed = await fitter.post(`/api/jobs/${job.id}/events`, {
      data: {
        idempotencyKey: crypto.randomUUID(),
        type: 'completed',
        record: {
          tyres: [],
          removedTreadMm: {},
          torqued: true,
          tpmsReset: false,
          advisories: 'Rear tyres wearing on the inner edge.',
          notes: 'Puncture plugged; pressure set to 33 psi.',
        },
      },
    });
    expect(completed.status(), await completed.text()).toBe(201);

    await page.goto(manageUrl);
    const report = page.getByRole('region', { name: 'Job report' });
    await expect(report).toContainText('Puncture plugged; pressure set to 33 psi.');
    await expect(report).toContainText('Rear tyres wearing on the inner edge.');
    const invoice = report.getByRole('link', { name: /Download VAT invoice INV-\d+ \(PDF\)/ });
    // The page's own site (the project's base URL is another one).
    const pdf = await page.request.get(`${origin}${await invoice.getAttribute('href')}`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await expect(page.getByRole('link', { name: /Leave a review/ })).toHaveAttribute('href', reviewLink);
    await expect(page.getByRole('link', { name: 'Change the time' })).toHaveCount(0);
    await expectAccessible(page);
    await office.dispose();
    await fitter.dispose();
  });
});
