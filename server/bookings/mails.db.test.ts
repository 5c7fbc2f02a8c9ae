import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CreatedBooking } from '#common/bookings/booking.ts';
import { createTestApp, testConfig } from '#tests/support/app.ts';
import {
  bookingContent,
  bookingNow,
  clearBookings,
  fixedContentStore,
  makeBooking,
  tomorrow,
} from '#tests/support/bookings.ts';
import { createTestDatabase } from '#tests/support/database.ts';
import { clearEnquiries, signedInStaff } from '#tests/support/factories.ts';
import { startSmtpServer, until } from '#tests/support/smtp.ts';
import { addTyre, clearTyres } from '#tests/support/tyres.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { bookings, outbox } from '../db/schema.ts';
import { notificationAddresses } from '../notifications/addresses.ts';
import { createMailer } from '../notifications/mailer.ts';
import { startOutbox, type TestOutbox } from '#tests/support/outbox.ts';

let database: DatabaseHandle;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let worker: TestOutbox;
const content = fixedContentStore(bookingContent());
const logger = pino({ level: 'silent' });
const config = testConfig({ ENQUIRY_RATE_LIMIT: '1000' });

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpServer();
});

afterAll(async () => {
  await smtp?.close();
  await database?.close();
});

beforeEach(async () => {
  await clearEnquiries(database.db);
  await clearBookings(database.db);
  smtp.received.length = 0;
  worker = startOutbox(database, {
    mailer: createMailer({ smtpUrl: smtp.url })!,
    logger,
    addresses: notificationAddresses(config, content, content.settings.inForce),
    publicUrl: config.publicUrl,
    pollMs: 50,
  });
});

afterEach(async () => {
  await worker.stop();
});

/** The bookings name their tyres: those go first. */
async function clearTyresAfterBookings() {
  await clearBookings(database.db);
  await clearTyres(database.db);
}

const app = () =>
  createTestApp(database, {
    config,
    clock: () => bookingNow,
    siteContent: content,
    settings: content.settings,
    notifications: worker,
  });

/** The mails received so far, parsed, with their recipients. */
const receivedMails = () =>
  Promise.all(smtp.received.map(async (mail) => ({ to: mail.to, parsed: await simpleParser(mail.raw) })));

/** The one VEVENT of a mail's calendar attachment, read back by a calendar library. */
function calendarOf(mail: ParsedMail) {
  const attachment = mail.attachments.find((file) => file.contentType === 'text/calendar');
  expect(attachment).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(attachment!.content.toString('utf8')));
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
  return { calendar, event };
}

describe('booking e-mails', () => {
  it('sends the customer one confirmation with a calendar entry and the manage link, and staff one notification', async () => {
    const created = (
      await request(app())
        .post('/api/bookings')
        .send(makeBooking({ email: 'sam@example.com', name: 'Sam Patel', notes: 'Gate code 4321' }))
        .expect(201)
    ).body as CreatedBooking;
    await until(() => smtp.received.length === 2);
    // Nothing more arrives: each is sent exactly once.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = await receivedMails();
    expect(mails).toHaveLength(2);
    const staff = mails.find((mail) => !mail.to.includes('sam@example.com'))!;
    expect(staff.parsed.subject).toBe(
      'New booking: Sam Patel, Wednesday 25 November 2026, 8:00am - 10:00am (Mobile fitting)',
    );
    expect(staff.parsed.text).toContain('Registration: AB12 CDE');
    expect(staff.parsed.text).toContain('Gate code 4321');
    const customer = mails.find((mail) => mail.to.includes('sam@example.com'))!;
    expect(customer.parsed.subject).toContain(created.reference);
    expect(customer.parsed.text).toContain(created.manageUrl);
    expect(customer.parsed.text).toContain('When: Wednesday 25 November 2026, 8:00am - 10:00am');
    const { calendar, event } = calendarOf(customer.parsed);
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(event.component.getFirstProperty('dtstart')!.getParameter('tzid')).toBe('Europe/London');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-25T08:00:00.000Z');
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(event.sequence).toBe(0);
    // Once sent, the token is gone from the outbox: only its hash stays stored.
    await until(async () => (await database.db.select().from(outbox)).every((row) => row.sentAt !== null));
    const rows = await database.db.select().from(outbox);
    expect(JSON.stringify(rows)).not.toContain(created.manageUrl.split('/').pop()!);
  });

  it('names the tyres, how many and the total in both e-mails', async () => {
    const tyre = await addTyre(database.db, { brand: 'Falken', pattern: 'Ziex ZE310', stock: 4 });
    await request(app())
      .post('/api/bookings')
      .send(makeBooking({ email: 'kim@example.com', tyreId: tyre.id, quantity: 2 }))
      .expect(201);
    await until(() => smtp.received.length === 2);
    const mails = await receivedMails();
    for (const mail of mails) {
      expect(mail.parsed.text).toContain('Tyres: 2 × Falken Ziex ZE310 205/55 R16 91V');
      expect(mail.parsed.text).toContain('Price: £74.99 per tyre, fully fitted');
      expect(mail.parsed.text).toContain('Total: £149.98 including VAT');
    }
    const staff = mails.find((mail) => !mail.to.includes('kim@example.com'))!;
    expect(staff.parsed.text).toContain('The tyres are reserved from our stock.');
    await clearTyresAfterBookings();
  });

  it('sends a summer booking at the right instant, after the clock change', async () => {
    content.content = bookingContent();
    const summer = () =>
      createTestApp(database, {
        config,
        clock: () => new Date('2027-03-25T10:00:00Z'),
        siteContent: content,
        settings: content.settings,
        notifications: worker,
      });
    await request(summer())
      .post('/api/bookings')
      .send(makeBooking({ email: 'ann@example.com', date: '2027-03-30', start: '10:00' }))
      .expect(201);
    await until(() => smtp.received.length === 2);
    const customer = (await receivedMails()).find((mail) => mail.to.includes('ann@example.com'))!;
    // 10:00 British Summer Time is 09:00 UTC.
    expect(calendarOf(customer.parsed).event.startDate.toJSDate().toISOString()).toBe(
      '2027-03-30T09:00:00.000Z',
    );
  });

  it('tells the customer of a move with an updated calendar entry and a new link, and of a cancellation', async () => {
    const staff = await signedInStaff(database.db, undefined, bookingNow, 'staff');
    await request(app())
      .post('/api/bookings')
      .send(makeBooking({ email: 'jo@example.com' }))
      .expect(201);
    await until(() => smtp.received.length === 2);
    const [booking] = await database.db.select().from(bookings);
    await request(app())
      .put(`/api/bookings/${booking!.id}`)
      .set(staff.headers)
      .send({ date: tomorrow, start: '10:00' })
      .expect(200);
    await until(() => smtp.received.length === 3);
    const moved = (await receivedMails())[2]!;
    expect(moved.to).toEqual(['jo@example.com']);
    expect(moved.parsed.subject).toContain('Booking moved: Wednesday 25 November 2026, 10:00am - 12:00pm');
    expect(moved.parsed.text).toContain(
      'It was: Wednesday 25 November 2026, 8:00am - 10:00am, Mobile fitting.',
    );
    const movedEvent = calendarOf(moved.parsed).event;
    expect(movedEvent.startDate.toJSDate().toISOString()).toBe('2026-11-25T10:00:00.000Z');
    expect(movedEvent.sequence).toBe(1);
    const link = /\/bookings\/manage\/([A-Za-z0-9_-]+)/.exec(moved.parsed.text!)![1]!;
    expect((await request(app()).get(`/api/bookings/manage/${link}`).expect(200)).body.start).toBe('10:00');

    await request(app())
      .put(`/api/bookings/${booking!.id}`)
      .set(staff.headers)
      .send({ status: 'cancelled', reason: 'Van off the road' })
      .expect(200);
    await until(() => smtp.received.length === 4);
    const cancelled = (await receivedMails())[3]!;
    expect(cancelled.to).toEqual(['jo@example.com']);
    expect(cancelled.parsed.text).toContain('Van off the road');
    const { calendar, event } = calendarOf(cancelled.parsed);
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(event.uid).toBe(movedEvent.uid);
    expect(event.sequence).toBe(2);
    expect(String(event.component.getFirstPropertyValue('attendee')).toLowerCase()).toBe(
      'mailto:jo@example.com',
    );
  });

  it('tells the customer and staff when the customer cancels', async () => {
    const created = (
      await request(app())
        .post('/api/bookings')
        .send(makeBooking({ email: 'kim@example.com' }))
        .expect(201)
    ).body as CreatedBooking;
    await until(() => smtp.received.length === 2);
    await request(app())
      .post(`/api/bookings/manage/${created.manageUrl.split('/').pop()}/cancel`)
      .expect(200);
    await until(() => smtp.received.length === 4);
    const [toCustomer, toStaff] = (await receivedMails())
      .slice(2)
      .sort((a) => (a.to.includes('kim@example.com') ? -1 : 1));
    expect(toCustomer!.parsed.text).toContain('Your booking has been cancelled, as you asked.');
    expect(toStaff!.parsed.subject).toContain('Booking cancelled by the customer');
  });

  it('tells the customer and staff when the customer moves it, the calendar entry updating the one they added', async () => {
    const created = (
      await request(app())
        .post('/api/bookings')
        .send(makeBooking({ email: 'sam@example.com', name: 'Sam Patel' }))
        .expect(201)
    ).body as CreatedBooking;
    await until(() => smtp.received.length === 2);
    const token = created.manageUrl.split('/').pop()!;
    const added = await request(app()).get(`/api/bookings/manage/${token}/calendar.ics`).expect(200);
    const addedEvent = new ICAL.Event(
      new ICAL.Component(ICAL.parse(added.text)).getFirstSubcomponent('vevent')!,
    );
    await request(app())
      .post(`/api/bookings/manage/${token}/move`)
      .send({ date: tomorrow, start: '10:00' })
      .expect(200);
    await until(() => smtp.received.length === 4);
    const [toCustomer, toStaff] = (await receivedMails())
      .slice(2)
      .sort((a) => (a.to.includes('sam@example.com') ? -1 : 1));
    expect(toCustomer!.parsed.subject).toContain(
      'Booking moved: Wednesday 25 November 2026, 10:00am - 12:00pm',
    );
    const event = calendarOf(toCustomer!.parsed).event;
    expect(event.uid).toBe(addedEvent.uid);
    expect(event.sequence).toBe(addedEvent.sequence + 1);
    expect(toCustomer!.parsed.text).toContain('See, change or cancel your booking:');
    expect(toCustomer!.parsed.text).toContain(
      'You can change the time or cancel online until 4 hours before your time starts',
    );
    expect(toStaff!.parsed.subject).toBe(
      'Booking moved by the customer: Sam Patel, now Wednesday 25 November 2026, 10:00am - 12:00pm',
    );
    expect(toStaff!.parsed.text).toContain(
      'Was: Wednesday 25 November 2026, 8:00am - 10:00am, Mobile fitting',
    );
  });
});
