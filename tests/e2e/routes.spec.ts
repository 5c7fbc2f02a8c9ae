import type { APIRequestContext, Page } from '@playwright/test';
import { dayText } from '#common/bookings/words.ts';
import type { Job } from '#common/jobs/jobs.ts';
import { defaultRouteSettings } from '#common/routing/settings.ts';
import { addDays } from '#common/time/week.ts';
import { startPostcodesStandIn, type PostcodesStandIn } from '#tests/support/postcodes-stand-in.ts';
import journeyPlaces from '../data/journey-places.json' with { type: 'json' };
import { tomorrow, useBookingSite } from './booking-site.ts';
import { expect, test } from './fixtures.ts';
import { signedIn } from './job-site.ts';
import { staffAccount } from './staff-account.ts';

/**
 * Mobile fitting by road, on a phone, against a postcodes.io stand-in that knows the journey's
 * towns (tests/data/journey-places.json) and no OSRM (the drives are the product's estimate: the
 * straight line times 1.3 at 25 mph). One van starts in Basildon. A Southend job at 9 on day D
 * keeps it from Romford until well after 10 (about 72 minutes' drive after half an hour's work),
 * so a Romford customer is not offered 9:00 that day; a Gidea Park job on day E, a mile and a half
 * from Romford, makes E's times "Near another job", and E the day shown first.
 */

const dayD = tomorrow;
const dayE = addDays(tomorrow, 2);
/** The day as the calendar's radios and the times' legend name it: "Tuesday 8 December". */
const shortDay = (date: string) => dayText(date).replace(/ \d{4}$/, '');

test.describe('mobile fitting by road', () => {
  let postcodes: PostcodesStandIn | undefined;
  test.beforeAll(async () => {
    postcodes = await startPostcodesStandIn();
    for (const [postcode, { latitude, longitude }] of Object.entries(journeyPlaces.postcodes)) {
      postcodes.places.set(postcode, { latitude, longitude });
    }
  });
  // No OSRM_URL: the drives are estimated.
  const site = useBookingSite(() => ({ POSTCODES_API_URL: postcodes!.origin, OSRM_URL: '' }));
  test.afterAll(async () => {
    await postcodes?.close();
  });

  let office: APIRequestContext | undefined;
  test.beforeAll(async () => {
    office = await signedIn(site.origin, staffAccount);
    // Hourly mobile windows from 9 to 12, three places each.
    await changeSettings(office, 'booking', (booking: BookingSettingsShape) => ({
      ...booking,
      locations: booking.locations.map((location) =>
        location.key === 'mobile'
          ? {
              ...location,
              week: Object.fromEntries(
                Object.keys(location.week).map((day) => [
                  day,
                  [
                    { start: '09:00', end: '10:00', places: 3 },
                    { start: '10:00', end: '11:00', places: 3 },
                    { start: '11:00', end: '12:00', places: 3 },
                  ],
                ]),
              ),
            }
          : location,
      ),
    }));
    await changeSettings(office, 'routes', () => ({
      ...defaultRouteSettings,
      starts: [{ name: 'Basildon', postcode: 'SS14 1AA' }],
      callOutBands: [
        { upToMiles: 5, pence: 0 },
        { upToMiles: 25, pence: 1000 },
        { upToMiles: 40, pence: 2000 },
      ],
      nearbyMiles: 3,
      nearbyDiscountPence: 500,
    }));
    // Southend at 9 on day D; Gidea Park at 11 on day E: both on the one van.
    await bookMobileJob(office, { date: dayD, start: '09:00', postcode: 'SS1 1AA', town: 'Southend-on-Sea' });
    await bookMobileJob(office, { date: dayE, start: '11:00', postcode: 'RM2 5AA', town: 'Romford' });
  });
  test.afterAll(async () => {
    await office?.dispose();
  });

  test('a Romford customer sees the call-out first, the nearby day first, and no time the van cannot reach', async ({
    page,
  }) => {
    const { origin } = site;
    await page.goto(`${origin}/book?service=puncture-repair`);
    await page.getByRole('radio', { name: /We come to you/ }).check();
    await page.getByLabel('Postcode where the vehicle will be').fill('rm1 1aa');
    await page.getByRole('button', { name: 'Continue' }).click();

    // Before any time is chosen: the call-out by road from Basildon (about 17 miles), and what a
    // nearby time takes off it.
    const notice = page.getByRole('note');
    await expect(notice).toContainText('Call-out to RM1 1AA: £10.00, added to your booking.');
    await expect(notice).toContainText('Times marked “Near another job” take £5.00 off it.');

    // Day E, with the Gidea Park job, is shown first, though day D comes before it; its first
    // time is near that job.
    await expect(page.getByRole('radio', { name: shortDay(dayE) })).toBeChecked();
    const timesOnE = page.getByRole('group', { name: `Choose a time on ${shortDay(dayE)}` });
    await expect(timesOnE.getByRole('radio').first()).toHaveAccessibleName(
      /^9:00am – 10:00am Near another job: £5\.00 off the call-out/,
    );
    await screenshotsIfAsked(page);

    // Day D: the van is in Southend at 9, so 9:00 is not offered in Romford; 10:00 is.
    await page.getByRole('radio', { name: shortDay(dayD) }).check();
    const timesOnD = page.getByRole('group', { name: `Choose a time on ${shortDay(dayD)}` });
    await expect(timesOnD.getByRole('radio', { name: /^10:00am/ })).toBeVisible();
    await expect(timesOnD.getByRole('radio', { name: /^11:00am/ })).toBeVisible();
    await expect(timesOnD.getByRole('radio', { name: /^9:00am/ })).toHaveCount(0);
    await expect(timesOnD).not.toContainText('Near another job');

    // Booked on day E at 9, near the other job: the call-out less the nearby discount.
    await page.getByRole('radio', { name: shortDay(dayE) }).check();
    await timesOnE.getByRole('radio', { name: /^9:00am/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const summary = page.getByRole('region', { name: 'Your booking' });
    await expect(summary).toContainText(`When${dayText(dayE)}9:00am – 10:00am`);
    await expect(summary).toContainText('Call-out£5.00');

    await page.getByLabel('Name').fill('Robin Romford');
    await page.getByLabel('Phone').fill('07700 900321');
    await page.getByLabel('Email').fill('robin@example.com');
    await page.getByLabel('Address (first line)').fill('1 South Street');
    await page.getByLabel(/^Town\b/).fill('Romford');
    await page.getByLabel('Vehicle registration').fill('ab12 cde');
    await page.getByLabel('Vehicle make and model').fill('Ford Fiesta');
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByText('Booking confirmed')).toBeVisible();
    const details = page.getByRole('region', { name: 'Booking details' });
    await expect(details).toContainText('Call-out£5.00');
    const reference = /BK-\d{4}-\d{4}/.exec(
      await page
        .getByText(/BK-\d{4}-\d{4}/)
        .first()
        .innerText(),
    )![0];

    // Stored on the van, with the call-out charged.
    const jobs = (await (await office!.get(`/api/jobs?date=${dayE}`)).json()) as Job[];
    const job = jobs.find((entry) => entry.reference === reference);
    expect(job?.lines).toContainEqual({ description: 'Call-out', quantity: 1, unitPence: 500 });
    expect(postcodes!.mistakes).toEqual([]);
  });
});

type BookingSettingsShape = {
  locations: { key: string; week: Record<string, unknown[]> }[];
};

/** Changes a settings domain as the Settings tab saves it, from the version in force. */
async function changeSettings<Settings>(
  office: APIRequestContext,
  domain: string,
  change: (settings: Settings) => unknown,
) {
  const current = (await (await office.get(`/api/settings/${domain}`)).json()) as {
    version: number;
    settings: Settings;
  };
  const saved = await office.put(`/api/settings/${domain}`, {
    data: { version: current.version, settings: change(current.settings) },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** Another customer's mobile puncture repair, booked as the booking page sends it. */
async function bookMobileJob(
  office: APIRequestContext,
  { date, start, postcode, town }: { date: string; start: string; postcode: string; town: string },
) {
  const booked = await office.post('/api/bookings', {
    data: {
      service: 'puncture-repair',
      location: 'mobile',
      date,
      start,
      name: `Customer in ${town}`,
      phone: '07700 900456',
      email: `${postcode.replace(' ', '').toLowerCase()}@example.com`,
      registration: postcode.startsWith('SS') ? 'ss11 aaa' : 'rm22 aaa',
      vehicle: 'Vauxhall Corsa',
      postcode,
      addressLine: '2 High Street',
      town,
      notes: '',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
}

/**
 * With ROUTES_SCREENSHOTS set, the "Day and time" step at a phone's width (390 px) and a
 * desktop's (1280 px), into the test's output folder.
 */
async function screenshotsIfAsked(page: Page) {
  if (!process.env.ROUTES_SCREENSHOTS) return;
  const size = page.viewportSize()!;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    // From the top, so that the sticky header is drawn there and not over the step.
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath(`day-and-time-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(size);
}
