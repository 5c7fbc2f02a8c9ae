import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  bookingNotFoundMessage,
  dayText,
  outsideAreaForMobileMessage,
  tooManyBookingsMessage,
  windowGoneMessage,
} from '#common/bookings/booking.ts';
import { registrationMessage } from '#common/vehicles/registration.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import {
  details,
  detailsStep,
  mobile,
  query,
  radio,
  textOf,
  tomorrow,
  useBookingPageApp,
} from '#tests/support/booking-page-app.ts';
import { bookingContent, fixedStores, makeBooking } from '#tests/support/bookings.ts';
import { bookings } from '../db/schema.ts';
import { loadProductionSsr } from '../http/ssr.ts';

/**
 * The booking page and a booking's own page as a browser without JavaScript uses them
 * (tests/support/booking-page-app.ts); booking tyres so is in tyre-booking-page.db.test.ts.
 */
const { content, fixture, get, post } = useBookingPageApp();

describe('booking without JavaScript', () => {
  it('goes from step to step with GET forms, books with a post, shows the booking and cancels it', async () => {
    const first = await get('/book').expect(200);
    expect(first.text).toContain('<title>Book an Appointment | Anytown Mobile Tyres</title>');
    expect(first.text).toMatch(/<form[^>]*action="\/book"[^>]*method="get"/);
    expect(first.text).toMatch(radio('service', 'puncture-repair'));
    expect(first.text).toMatch(radio('location', 'harold-hill'));
    expect(textOf(first.text)).toContain('Step 1 of 3');

    const when = await get(`/book?${query({ ...mobile, postcode: 'rm30ab', step: 'when' })}`).expect(200);
    expect(when.headers['cache-control']).toBe('private, no-store');
    expect(textOf(when.text)).toContain('Step 2 of 3');
    expect(when.text).toMatch(radio('date', tomorrow));
    // The postcode is carried on as the customer meant it.
    expect(when.text).toContain('<input type="hidden" name="postcode" value="RM3 0AB"/>');

    // A day chosen without its times shown: its times, without a complaint.
    const day = await get(`/book?${query({ ...mobile, date: tomorrow, step: 'details' })}`).expect(200);
    expect(textOf(day.text)).toContain(`Choose a time on ${dayText(tomorrow).replace(/ \d{4}$/, '')}`);
    expect(textOf(day.text)).toContain('8:00am – 10:00am');
    expect(textOf(day.text)).toContain('3 places left');
    expect(day.text).toMatch(radio('start', '10:00'));
    expect(day.text).not.toContain('There is a problem');
    // A time chosen under another day, which this day has too: on to the details.
    const today = londonDate(new Date());
    const sameTime = await get(
      `/book?${query({ ...mobile, date: tomorrow, timesFor: today, start: '10:00', step: 'details' })}`,
    ).expect(200);
    expect(textOf(sameTime.text)).toContain('Step 3 of 3');

    const detailsPage = await get(detailsStep()).expect(200);
    expect(detailsPage.headers['cache-control']).toBe('private, no-store');
    const summary = textOf(detailsPage.text);
    expect(summary).toContain('Step 3 of 3');
    for (const text of [
      'Puncture Repair',
      'Mobile fitting',
      'RM3 0AB',
      dayText(tomorrow),
      '8:00am – 10:00am',
    ]) {
      expect(summary).toContain(text);
    }
    expect(detailsPage.text).toMatch(/<form[^>]*method="post"/);
    expect(detailsPage.text).toContain('for example AB12 CDE');
    expect(detailsPage.text).toMatch(/<input[^>]*id="book-website"[^>]*name="website"/);

    const booked = await post(detailsStep(), details()).expect(303);
    const location = String(booked.headers.location);
    expect(location).toMatch(/^\/bookings\/manage\/[A-Za-z0-9_-]{43}\?booked=1$/);
    const [stored] = await fixture.database.db.select().from(bookings);
    expect(stored).toMatchObject({ name: 'Sarah Mitchell', registration: 'AB12CDE', status: 'booked' });

    const page = await get(location).expect(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.text).toContain('<meta name="robots" content="noindex, nofollow"/>');
    const shown = textOf(page.text);
    for (const text of [
      'Booking confirmed',
      'Your booking reference is',
      'What happens next',
      'Add to calendar',
      stored!.reference,
      'Puncture Repair',
      'Mobile fitting',
      dayText(tomorrow),
      '8:00am – 10:00am',
      'Sarah Mitchell',
      'AB12 CDE',
      'Ford Focus',
      'RM3 0AB',
      'Booked',
      'Cancel this booking',
    ]) {
      expect(shown).toContain(text);
    }

    // The first press asks again; nothing is cancelled yet.
    const asked = await post(location, { intent: 'cancel' }).expect(200);
    expect(textOf(asked.text)).toContain('Cancel this booking?');
    expect(asked.text).toContain('Yes, cancel');
    expect((await fixture.database.db.select().from(bookings))[0]!.status).toBe('booked');

    const cancelled = await post(location, { intent: 'cancel', confirm: 'yes' }).expect(303);
    const after = String(cancelled.headers.location);
    expect(after).toBe(location.replace('?booked=1', '?cancelled=1'));
    const cancelledPage = textOf((await get(after).expect(200)).text);
    expect(cancelledPage).toContain('Your booking is cancelled.');
    expect(cancelledPage).toContain('Cancelled');
    expect(cancelledPage).not.toContain('Cancel this booking');
    expect((await fixture.database.db.select().from(bookings))[0]!.status).toBe('cancelled');
  });

  it('preselects the service of the address, and keeps the first step for everyone', async () => {
    const page = await get('/book?service=puncture-repair').expect(200);
    expect(page.text).toMatch(/<input[^>]*name="service" checked="" value="puncture-repair"/);
    expect(page.text).not.toMatch(/<input[^>]*name="service" checked="" value="tyre-replacement"/);
    expect(page.headers['cache-control'] ?? '').not.toContain('no-store');
    expect(page.text).not.toContain('There is a problem');
  });

  it('checks the first step on the server: missing choices, and a postcode outside the area', async () => {
    const empty = textOf((await get('/book?step=when').expect(200)).text);
    expect(empty).toContain('Step 1 of 3');
    expect(empty).toContain('There is a problem');
    expect(empty).toContain('Please select a service');
    expect(empty).toContain('Choose where: at your address or at a branch');

    const outside = await get(`/book?${query({ ...mobile, postcode: 'CO1 1AA', step: 'when' })}`).expect(200);
    expect(textOf(outside.text)).toContain(outsideAreaForMobileMessage('CO1'));
    expect(outside.text).toMatch(/<input[^>]*id="book-postcode"[^>]*aria-invalid="true"/);
    expect(outside.text).toMatch(/<input[^>]*name="postcode"[^>]*value="CO1 1AA"/);

    // A branch needs no postcode.
    const branch = await get(
      `/book?${query({ service: 'puncture-repair', location: 'upminster', step: 'when' })}`,
    );
    expect(textOf(branch.text)).toContain('Step 2 of 3');
  });

  it('answers wrong details with the form again: messages at the fields, values kept, status 400', async () => {
    const response = await post(detailsStep(), details({ email: 'nope', registration: '12' })).expect(400);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = textOf(response.text);
    expect(text).toContain('Step 3 of 3');
    expect(text).toContain('There is a problem');
    expect(text).toContain('Valid email is required');
    expect(text).toContain(registrationMessage);
    expect(response.text).toMatch(/<div id="book-error-summary" tabindex="-1" autofocus=""/);
    expect(response.text).toMatch(/<input[^>]*id="book-name"[^>]*value="Sarah Mitchell"/);
    expect(response.text).toMatch(
      /<input[^>]*id="book-email"[^>]*aria-invalid="true"[^>]*aria-describedby="book-email-error"/,
    );
    expect(response.text).toMatch(/<input[^>]*id="book-registration"[^>]*value="12"/);
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
  });

  it('takes the customer back to the step where a choice that cannot be booked is made', async () => {
    content.content.services.find((service) => service.slug === 'puncture-repair')!.visible = false;
    const response = await post(detailsStep(), details()).expect(400);
    const text = textOf(response.text);
    expect(text).toContain('Step 1 of 3');
    expect(text).toContain('Please select a service');
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
  });

  it('offers the next free windows when the chosen one went meanwhile, and books one of them', async () => {
    // The 10:00 window has two places; two other customers take them after the page was shown.
    await get(detailsStep('10:00')).expect(200);
    for (let customer = 0; customer < 2; customer += 1) {
      await request(fixture.app)
        .post('/api/bookings')
        .send(makeBooking({ date: tomorrow, start: '10:00' }))
        .expect(201);
    }
    const taken = await post(detailsStep('10:00'), details({ start: '10:00' })).expect(409);
    const text = textOf(taken.text);
    expect(text).toContain(windowGoneMessage);
    expect(text).toContain('Step 3 of 3');
    expect(taken.text).toMatch(/<input[^>]*id="book-name"[^>]*value="Sarah Mitchell"/);
    const next = addDays(tomorrow, 1);
    expect(taken.text).toMatch(radio('slot', `${next} 08:00`));
    expect(text).toContain(dayText(next));
    expect(taken.text).not.toMatch(radio('slot', `${tomorrow} 10:00`));

    const rebooked = await post(
      detailsStep('10:00'),
      details({ start: '10:00', slot: `${next} 08:00` }),
    ).expect(303);
    expect(String(rebooked.headers.location)).toMatch(/^\/bookings\/manage\/.+\?booked=1$/);
    const mine = await fixture.database.db.select().from(bookings).where(eq(bookings.name, 'Sarah Mitchell'));
    expect(mine).toMatchObject([{ date: next, startTime: '08:00' }]);
  });

  it('passes the limit of bookings on with its Retry-After', async () => {
    for (const start of ['08:00', '08:00', '10:00', '10:00']) {
      await request(fixture.app)
        .post('/api/bookings')
        .send(makeBooking({ date: tomorrow, start }))
        .expect(201);
    }
    const limited = await post(detailsStep(), details()).expect(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(textOf(limited.text)).toContain(tooManyBookingsMessage);
    expect(limited.text).toMatch(/<input[^>]*id="book-name"[^>]*value="Sarah Mitchell"/);
  });
});

describe('booking an MOT or a service without JavaScript', () => {
  const mot = { service: 'mot', location: 'harold-hill' };

  it('preselects the MOT at the branch of the address, and hides mobile fitting while it is chosen', async () => {
    const page = await get('/book?service=mot&location=harold-hill').expect(200);
    expect(page.text).toMatch(/<input[^>]*name="service" checked="" value="mot"/);
    expect(page.text).toMatch(/<input[^>]*name="location" checked="" value="harold-hill"/);
    const text = textOf(page.text);
    expect(text).toContain('MOT Testing');
    expect(text).toContain('MOT test at our Harold Hill or Upminster branch.');
    expect(text).toContain('Vehicle Servicing');
    expect(page.text).toContain(
      '<style>form:has(input[name="service"][value="mot"]:checked) label:has(input[name="location"][value="mobile"]),',
    );
    expect(page.text).not.toContain('There is a problem');
  });

  it('refuses an MOT at the customer’s address on the first step, saying where it is done', async () => {
    const page = await get(`/book?${query({ ...mobile, service: 'mot', step: 'when' })}`).expect(200);
    const text = textOf(page.text);
    expect(text).toContain('Step 1 of 3');
    expect(text).toContain(
      'We do MOT tests at our Harold Hill or Upminster branch, not at your address. Please choose a branch.',
    );
  });

  it('offers the MOT windows, and books an MOT in an MOT place of the branch', async () => {
    const step = `/book?${query({ ...mot, date: tomorrow, timesFor: tomorrow, start: '09:00', step: 'details' })}`;
    const detailsPage = textOf((await get(step).expect(200)).text);
    expect(detailsPage).toContain('Step 3 of 3');
    for (const text of ['MOT Testing', 'Harold Hill branch', dayText(tomorrow), '9:00am – 10:00am']) {
      expect(detailsPage).toContain(text);
    }
    // 09:00 starts no tyre window: it is the MOT's own.
    const tyreStep = `/book?${query({ service: 'puncture-repair', location: 'harold-hill', date: tomorrow, timesFor: tomorrow, start: '09:00', step: 'details' })}`;
    expect(textOf((await get(tyreStep).expect(200)).text)).toContain('Step 2 of 3');

    const booked = await post(
      step,
      details({ ...mot, start: '09:00', postcode: '', addressLine: '', town: '' }),
    );
    expect(booked.status).toBe(303);
    const [stored] = await fixture.database.db.select().from(bookings);
    expect(stored).toMatchObject({
      service: 'mot',
      serviceTitle: 'MOT Testing',
      location: 'harold-hill',
      placesKey: 'harold-hill/mot',
      startTime: '09:00',
      endTime: '10:00',
    });
    const page = textOf((await get(String(booked.headers.location)).expect(200)).text);
    expect(page).toContain('MOT Testing');
    expect(page).toContain('Harold Hill branch');
  });
});

describe('the MOT’s and servicing’s pages', () => {
  it('lead to booking them online while a branch takes them, else to an enquiry', async () => {
    const motPage = (await get('/mot').expect(200)).text;
    expect(motPage).toContain('href="/book?service=mot"');
    expect(textOf(motPage)).toContain('Book your MOT online');
    expect(textOf((await get('/servicing').expect(200)).text)).toContain('Book a service online');
    expect(textOf((await get('/about').expect(200)).text)).not.toMatch(/Book (your MOT|a service) online/);

    content.content = bookingContent(undefined, (settings) => {
      for (const location of settings.locations) {
        if (location.services) location.services.mot.enabled = false;
      }
    });
    const closed = (await get('/mot').expect(200)).text;
    expect(closed).not.toContain('/book?service=mot');
    expect(textOf(closed)).toContain('Send an Enquiry');
  });
});

describe("a booking's page", () => {
  it('answers an unknown token with 404, what may have happened and the phone number', async () => {
    const response = await get(`/bookings/manage/${'x'.repeat(43)}`).expect(404);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    const text = textOf(response.text);
    expect(text).toContain('Booking not found');
    expect(text).toContain(bookingNotFoundMessage);
    expect(response.text).toContain('href="tel:+442079460123"');
  });

  it('says when online cancellation has closed, with the phone number', async () => {
    const created = await request(fixture.app)
      .post('/api/bookings')
      .send(makeBooking({ date: tomorrow }))
      .expect(201);
    const token = String(created.body.manageUrl).split('/').pop()!;
    // Two days' notice now (a new publication): tomorrow's booking can no longer be cancelled online.
    content.content = structuredClone(content.content);
    content.content.booking!.noticeHours = 48;
    const page = await get(`/bookings/manage/${token}`).expect(200);
    const text = textOf(page.text);
    expect(text).toContain('Online changes have closed for this booking.');
    expect(text).not.toContain('Cancel this booking');
    expect(page.text).toContain('href="tel:+442079460123"');
    expect(text).not.toContain('Booking confirmed');
  });
});

describe('the booking page on a server whose clock is set', () => {
  it('offers the days from that clock’s today, not the machine’s', async () => {
    // 30 hours' notice: at 10:00 on 1 March 2027 the first window far enough ahead is on the 3rd,
    // and the 21 days' horizon ends on the 22nd.
    const clocked = createTestApp(fixture.database, {
      config: testConfig({ ENQUIRY_RATE_LIMIT: '4' }),
      clock: () => new Date('2027-03-01T10:00:00Z'),
      ...fixedStores(bookingContent(undefined, (settings) => (settings.noticeHours = 30))),
      ssr: await loadProductionSsr(),
    });
    const page = await request(clocked)
      .get(`/book?${query({ ...mobile, step: 'when' })}`)
      .set('Cookie', 'splash_seen=1')
      .expect(200);
    expect(page.text).not.toMatch(radio('date', '2027-03-02'));
    expect(page.text).toMatch(radio('date', '2027-03-03'));
    expect(page.text).toMatch(radio('date', '2027-03-22'));
    expect(page.text).not.toMatch(radio('date', '2027-03-23'));
  });
});
