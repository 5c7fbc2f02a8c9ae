import { startDvlaStandIn, type DvlaStandIn } from '#tests/support/dvla-stand-in.ts';
import { until } from '#tests/support/smtp.ts';
import { startTwilioStandIn, type TwilioStandIn } from '#tests/support/twilio-stand-in.ts';
import { dayText } from '#common/bookings/words.ts';
import { staffPage, tomorrow, useBookingSite } from './booking-site.ts';
import { expect, test } from './fixtures.ts';

/**
 * Texts and the vehicle from its registration, on a phone, against stand-ins of Twilio and the
 * DVLA on localhost: the registration typed fills the vehicle's make; the customer, whose number
 * is a mobile, hears by text; the confirmation reaches Twilio with the short manage link, which
 * opens the booking; the customer's reply reaches the office's inbox.
 */
test.describe('texts and the vehicle from its registration', () => {
  let twilio: TwilioStandIn | undefined;
  let dvla: DvlaStandIn | undefined;
  test.beforeAll(async () => {
    [twilio, dvla] = await Promise.all([startTwilioStandIn(), startDvlaStandIn()]);
  });
  const site = useBookingSite(() => ({ ...twilio!.env(), ...dvla!.env() }));
  test.afterAll(async () => {
    await Promise.all([twilio?.close(), dvla?.close()]);
  });

  test('a registration typed fills the vehicle; the booking is confirmed by text; the customer’s reply reaches the office', async ({
    page,
    browser,
  }) => {
    const { origin } = site;
    await page.goto(`${origin}/book?service=puncture-repair`);
    await page.getByRole('radio', { name: /We come to you/ }).check();
    await page.getByLabel('Postcode where the vehicle will be').fill('rm3 0ab');
    await page.getByRole('button', { name: 'Continue' }).click();
    const day = dayText(tomorrow).replace(/ \d{4}$/, '');
    await page.getByRole('radio', { name: day }).check();
    await page.getByRole('radio', { name: /^8:00am/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();

    await page.getByLabel('Name').fill('Sam Driver');
    await page.getByLabel('Phone').fill('07700 900123');
    await page.getByLabel('Email').fill('sam@example.com');
    await page.getByLabel('Address (first line)').fill('12 Gooshays Drive');
    await page.getByLabel(/^Town\b/).fill('Romford');
    await page.getByLabel('Vehicle registration').fill('aa19 aaa');
    const vehicle = page.getByLabel('Vehicle make and model');
    await expect(vehicle).toHaveValue('Ford');
    await expect(page.getByText('Red Ford, 2019, petrol: add the model')).toBeVisible();
    await vehicle.fill('Ford Focus');
    // A mobile number typed, the customer hears by text unless they choose otherwise.
    const contact = page.getByRole('group', { name: 'How should we keep you posted?' });
    await expect(contact.getByRole('radio', { name: 'Text message' })).toBeChecked();
    await page.getByRole('button', { name: 'Confirm booking' }).click();
    await expect(page.getByText('Booking confirmed')).toBeVisible();
    const reference = (await page.getByText(/BK-\d{4}-\d{4}/).first().innerText()).match(/BK-\d{4}-\d{4}/)![0];
    expect(dvla!.asked()).toContain('AA19AAA');

    await until(async () => twilio!.texts.length > 0, 30_000);
    const [text] = twilio!.texts;
    expect(text!.to).toBe('+447700900123');
    expect(text!.body).toContain(reference);
    const link = /https?:\/\/\S+\/m\/[\w-]+/.exec(text!.body)![0];
    expect(link.startsWith(`${origin}/m/`)).toBe(true);
    await page.goto(link);
    await expect(page).toHaveURL(/\/bookings\/manage\//);
    await expect(page.getByText(reference).first()).toBeVisible();

    const replied = await twilio!.reply('+447700900123', 'Can you come after 9? The car is at work.', {
      publicUrl: origin,
      deliverTo: origin,
    });
    expect(replied.status).toBe(200);

    const office = await staffPage(browser, origin);
    await office.goto(`${origin}/admin/dashboard`);
    await expect(office.getByText('Can you come after 9? The car is at work.')).toBeVisible();
    await office.close();
  });
});
