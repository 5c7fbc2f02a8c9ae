import { remindersConsentWording } from '#common/reminders/consent.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { chooseFirstTime, staffPage, useBookingSite } from './booking-site.ts';
import { anySize, expect, test } from './fixtures.ts';

/**
 * An MOT brings the customer back: booked online with reminders ticked, completed by the office,
 * its expiry moved so that the first reminder is due; an owner sends the due reminders, the mail
 * arrives with a link that books the MOT at the same branch, and its unsubscribe link works.
 */
test.describe('reminders', () => {
  const site = useBookingSite();

  test(
    'an MOT booked with reminders ticked leads to its reminder, and one click stops them',
    anySize,
    async ({ page, browser }) => {
      const { origin } = site;
      const email = 'priya.mot@example.com';

      // The customer books an MOT at Harold Hill, ticking the reminders.
      await page.goto(`${origin}/book?service=mot`);
      await expect(page.getByRole('radio', { name: /^MOT Testing/ })).toBeChecked();
      await page.getByRole('radio', { name: /^Harold Hill/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await chooseFirstTime(page);
      // The first day with an MOT time left: today, or a later one.
      await expect(page).toHaveURL(/[?&]date=\d{4}-\d{2}-\d{2}/);
      const date = new URL(page.url()).searchParams.get('date')!;
      await page.getByLabel('Name').fill('Priya Shah');
      await page.getByLabel('Phone').fill('07700 900456');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Vehicle registration').fill('mo71 tst');
      await page.getByLabel('Vehicle make and model').fill('Toyota Yaris');
      const consent = page.getByLabel(remindersConsentWording);
      await expect(consent).not.toBeChecked();
      await consent.check();
      await page.getByRole('button', { name: 'Confirm booking' }).click();
      await expect(page.getByText('Booking confirmed')).toBeVisible();
      const reference = (await page
        .getByText(/^BK-\d{4}-\d{4}$/)
        .first()
        .textContent())!;

      // The office marks it completed: the MOT expiry is recorded a year on.
      // Each of the office's pages is used once its scripts run (staffPage).
      const office = await staffPage(browser, origin);
      await office.goto(`${origin}/admin/dashboard/bookings?date=${date}`);
      const card = office.getByRole('article').filter({ hasText: reference });
      await card.getByRole('button', { name: /Completed/ }).click();
      // The card names Completed before as after (its button): the change's answer tells.
      const completed = office.waitForResponse(
        (answer) => answer.request().method() === 'PUT' && /\/api\/bookings\/\d+$/.test(answer.url()),
      );
      await office.getByRole('button', { name: 'Mark as completed' }).click();
      expect((await completed).status()).toBe(200);

      // The vehicle's MOT runs out in 20 days after all: its first reminder is due at once.
      const today = londonDate(new Date());
      await office.goto(`${origin}/admin/dashboard/jobs?vehicle=MO71TST`);
      const expiry = office.getByRole('form', { name: 'MOT expiry' });
      await expect(expiry).toContainText('Runs out on');
      await expiry.getByLabel('New MOT expiry').fill(addDays(today, 20));
      await expiry.getByRole('button', { name: 'Save MOT expiry' }).click();
      await expect(office.getByText('MOT expiry saved', { exact: true })).toBeVisible();

      // The owner sends the due reminders now.
      const mailsBefore = site.mailCountTo(email);
      await office.goto(`${origin}/admin/dashboard/reminders`);
      await office.getByRole('button', { name: 'Send due reminders now' }).click();
      await expect(office.getByText('Sent 1 reminder.')).toBeVisible();

      const mail = await site.nextMailTo(email, mailsBefore + 1);
      expect(mail.subject).toMatch(/^Your MOT runs out on .+ \(MO71 TST\) - /);
      const header = (name: string) => mail.headerLines.find((line) => line.key === name)?.line;
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      const book = /Book your MOT at our Harold Hill branch online: (\S+)/.exec(mail.text!)![1]!;
      expect(book).toBe(`${origin}/book?service=mot&location=harold-hill`);
      const unsubscribe = /To receive no more reminders or review requests from us: (\S+)/.exec(
        mail.text!,
      )![1]!;
      expect(header('list-unsubscribe')?.replace(/\r?\n\s+/g, ' ')).toBe(
        `List-Unsubscribe: <${unsubscribe}>`,
      );

      // The link books the MOT at Harold Hill: both are chosen already.
      await page.goto(book);
      await expect(page.getByRole('radio', { name: /^MOT Testing/ })).toBeChecked();
      await expect(page.getByRole('radio', { name: /^Harold Hill/ })).toBeChecked();

      // The unsubscribe link: one press, then the offer to subscribe again.
      await page.goto(unsubscribe);
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Subscribe again' })).toBeVisible();

      // The second MOT reminder is cancelled too (the two of the year-on expiry were, when it
      // moved), and the office sees one address unsubscribed.
      await office.reload();
      const mot = office.getByRole('region', { name: 'MOT reminders' });
      await expect(mot).toContainText(/Scheduled\s*0\s*Sent\s*1\s*Cancelled\s*3/);
      await expect(office.getByRole('region', { name: 'Unsubscribed' })).toContainText('1');
    },
  );
});
