import { dayText } from '#common/bookings/booking.ts';
import { bookTomorrowMorning, staffPage, tomorrow, useBookingSite } from './booking-site.ts';
import { expect, expectAccessible, storeConsent, test, toastOf } from './fixtures.ts';

/**
 * Online booking of a service, on a phone: a customer books a mobile puncture repair for tomorrow
 * morning, receives the confirmation with its calendar entry, opens the manage link and cancels;
 * staff see bookings in the diary and move one, and that customer receives the move; the same
 * booking without JavaScript.
 */
test.describe('online booking', () => {
  const site = useBookingSite();

  test('a customer books, is e-mailed the booking with its calendar entry, and cancels it', async ({
    page,
  }) => {
    await bookTomorrowMorning(page, site.origin, { name: 'Priya Shah', email: 'priya@example.com' });
    const reference = /BK-\d{4}-\d{4,}/.exec(await page.locator('main').innerText())![0];
    await expectAccessible(page);

    const confirmation = await site.nextMailTo('priya@example.com', 1);
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
    const cancellation = await site.nextMailTo('priya@example.com', 2);
    expect(cancellation.subject).toContain('Booking cancelled');
  });

  test('staff see the bookings in the diary and move one; the customer is e-mailed the new time', async ({
    browser,
  }) => {
    const customer = await browser.newContext();
    await storeConsent(customer);
    await bookTomorrowMorning(await customer.newPage(), site.origin, {
      name: 'Tom Baker',
      email: 'tom@example.com',
    });
    await customer.close();
    await site.nextMailTo('tom@example.com', 1);

    const staff = await staffPage(browser, site.origin);
    await staff.goto(`${site.origin}/admin/dashboard/bookings?date=${tomorrow}`);
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

    const moved = await site.nextMailTo('tom@example.com', 2);
    expect(moved.subject).toContain('Booking moved');
    expect(moved.text).toContain(dayText(tomorrow) + ', 10:00am - 12:00pm');
    await staff.context().close();
  });

  test('the same booking works without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await storeConsent(context);
    const page = await context.newPage();
    await bookTomorrowMorning(
      page,
      site.origin,
      { name: 'Nadia Ali', email: 'nadia@example.com' },
      { scripts: false },
    );
    await expect(page.getByText(/AB12 CDE/)).toBeVisible();
    await site.nextMailTo('nadia@example.com', 1);
    await context.close();
  });
});
