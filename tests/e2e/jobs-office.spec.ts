import crypto from 'node:crypto';
import sharp from 'sharp';
import { tomorrow, useBookingSite } from './booking-site.ts';
import { atDesktopSize, expect, expectAccessible, signInByCall, test } from './fixtures.ts';
import { addFitter, bookJob, signedIn } from './job-site.ts';
import { staffAccount } from './staff-account.ts';

const key = () => crypto.randomUUID();

test.describe('the office follows the jobs', () => {
  const site = useBookingSite();

  test(
    'the day by fitter, a vehicle’s history, the takings and a credit note',
    atDesktopSize,
    async ({ page }) => {
      const { origin } = site;
      const office = await signedIn(origin, staffAccount);
      const fitterAccount = { username: 'dave.office', password: 'torque-wrench-on-the-a127' };
      const fitterId = await addFitter(office, origin, fitterAccount.username, fitterAccount.password);
      // Named by the display name an owner gives, not by the username.
      const named = await office.patch(`/api/users/${fitterId}`, { data: { displayName: 'Dave Office' } });
      expect(named.status(), await named.text()).toBe(200);
      const fitter = await signedIn(origin, fitterAccount);
      const done = (await bookJob(office, { name: 'Sarah Mitchell', email: 'sarah@example.com', fitterId }))
        .id;
      const notDone = (
        await bookJob(office, { name: 'Priya Shah', email: 'priya@example.com', start: '10:00', fitterId })
      ).id;
      await bookJob(office, { name: 'Tom Hughes', email: 'tom@example.com', start: '10:00', fitterId: null });

      // The fitter's day, as the phone sends it.
      const act = async (path: string, data: object) => {
        const answer = await fitter.post(path, { data: { idempotencyKey: key(), ...data } });
        expect(answer.status(), await answer.text()).toBe(201);
      };
      await act(`/api/jobs/${done}/events`, {
        type: 'completed',
        record: {
          tyres: [
            {
              position: 'nsf',
              brand: 'Michelin',
              pattern: 'Primacy 4+',
              size: '205/55 R16 91V',
              dot: '2324',
            },
          ],
          removedTreadMm: { nsf: 1.4, osf: 2.8, nsr: 5 },
          torqued: true,
          tpmsReset: false,
          advisories: 'Rear tyres wearing on the inner edge.',
          notes: 'Key returned to the glovebox.',
        },
      });
      await act(`/api/jobs/${done}/payments`, { method: 'cash', amount: 2_500 });
      const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#556677' } })
        .jpeg()
        .toBuffer();
      const uploaded = await fitter.post(`/api/jobs/${done}/photos`, {
        multipart: {
          kind: 'photo',
          idempotencyKey: key(),
          image: { name: 'tyre.jpg', mimeType: 'image/jpeg', buffer: photo },
        },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
      await act(`/api/jobs/${notDone}/events`, { type: 'not-completed', reason: 'No one there' });

      // The day, by fitter, the jobs given to no one last.
      await signInByCall(page, origin, `/admin/dashboard/jobs?date=${tomorrow}`);
      const jobs = page.getByRole('region', { name: 'Jobs', exact: true });
      await expect(jobs.getByRole('heading', { level: 3 })).toHaveText([
        /^Dave Office2 jobs/,
        /^Not given to a fitter1 job/,
      ]);
      const sarah = page.getByRole('article', { name: 'Sarah Mitchell' });
      await expect(sarah).toContainText('Completed');
      await expect(sarah).toContainText('Paid in full £25.00');
      await expect(page.getByRole('article', { name: 'Priya Shah' })).toContainText(
        'Not completed: No one there',
      );
      const invoice = sarah.getByRole('link', { name: /Invoice INV-000001/ });
      const pdf = await page.request.get(`${origin}${await invoice.getAttribute('href')}`);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      await sarah.getByRole('button', { name: /1 photo/ }).click();
      const picture = sarah.getByRole('img', { name: /^Photo 1 of/ });
      await expect(picture).toBeVisible();
      expect(
        await picture.evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth)),
      ).toBe(640);
      await expectAccessible(page);

      // An owner's credit note, its number shown and its PDF there.
      await sarah.getByRole('button', { name: /Credit note for/ }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Issue a credit note' });
      await dialog.getByLabel(/Reason/).fill('Wheel trim scratched');
      await dialog.getByLabel(/Amount/).fill('5.50');
      await dialog.getByRole('button', { name: 'Issue credit note' }).click();
      await expect(sarah.getByRole('status')).toContainText('Credit note CN-000001 issued for £5.50.');
      const note = await page.request.get(
        `${origin}${await sarah.getByRole('link', { name: /Credit note CN-000001/ }).getAttribute('href')}`,
      );
      expect(note.headers()['content-type']).toBe('application/pdf');

      // The vehicle's history: the tyre and its DOT, the old tread by how worn, the invoices.
      await page.goto(`${origin}/admin/dashboard/jobs?vehicle=AB12CDE`);
      const visit = page.getByRole('article').filter({ has: page.getByRole('table') });
      const nearFront = visit.getByRole('row', { name: /^Near-side front/ });
      await expect(nearFront).toContainText('Michelin Primacy 4+ 205/55 R16 91V');
      await expect(nearFront).toContainText('DOT 2324 (week 23, 2024)');
      await expect(nearFront.locator('[data-tread="legal-limit"]')).toContainText('1.4 mm');
      await expect(
        visit.getByRole('row', { name: /^Off-side front/ }).locator('[data-tread="low"]'),
      ).toContainText('2.8 mm');
      await expect(visit.getByRole('link', { name: /Credit note CN-000001/ })).toBeVisible();
      await expectAccessible(page);

      // The takings, for cashing up: today's, as the payment was taken today.
      await page.getByRole('button', { name: 'Takings' }).click();
      const byFitter = page.getByRole('table', { name: 'By fitter' });
      await expect(byFitter.getByRole('row', { name: /^Dave Office/ })).toContainText('£25.00');
      await expect(page.getByText('Taken in all')).toBeVisible();
      await expectAccessible(page);

      await fitter.dispose();
      await office.dispose();
    },
  );
});
