import { dayText } from '#common/bookings/words.ts';
import { tomorrow, useBookingSite } from './booking-site.ts';
import { atDesktopSize, expect, expectAccessible, signInByCall, test } from './fixtures.ts';
import { bookJob, signedIn } from './job-site.ts';
import { staffAccount } from './staff-account.ts';

test.describe('the office’s day', () => {
  // A site of its own: nothing is booked for today there.
  const site = useBookingSite();

  test(
    'the diary opened on a day with nothing booked shows the next day with bookings, and Today goes back',
    atDesktopSize,
    async ({ page }) => {
      const office = await signedIn(site.origin, staffAccount);
      await bookJob(office, { name: 'Sarah Mitchell', email: 'sarah@example.com', fitterId: null });
      await office.dispose();

      await signInByCall(page, site.origin);
      await page.goto(`${site.origin}/admin/dashboard/bookings`);
      await expect(page.getByRole('status')).toHaveText(
        `Nothing is booked for today: this is ${dayText(tomorrow)}, the next day with bookings.`,
      );
      await expect(page.getByRole('article').filter({ hasText: 'Sarah Mitchell' })).toBeVisible();
      await expectAccessible(page);

      await page.getByRole('button', { name: 'Today' }).click();
      await expect(page.getByText('No bookings on this day')).toBeVisible();
      await expect(page.getByRole('article').filter({ hasText: 'Sarah Mitchell' })).toHaveCount(0);
    },
  );
});
