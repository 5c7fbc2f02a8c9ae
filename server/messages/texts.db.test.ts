import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { CreatedBooking, ManagedBooking } from '#common/bookings/booking.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { useTextsApp } from '#tests/support/texts-app.ts';
import { standInFrom } from '#tests/support/twilio-stand-in.ts';
import { bookings, outbox, textOptOuts } from '../db/schema.ts';
import { textLinkKey, textManageToken } from '../bookings/texts.ts';

// Tuesday 24 November 2026, 10:00 London; tomorrow's 08:00 mobile window is open.
const texts = useTextsApp();
const { fixture, book, twilio, origin, publicUrl, sendTexts, textRecords, queuedTexts } = texts;
const db = () => fixture.database.db;

const mobile = '07700 900123';
const international = '+447700900123';

/** The e-mails queued for a booking, by kind. */
const mailKinds = async () =>
  (await db().select({ kind: outbox.kind }).from(outbox).where(eq(outbox.channel, 'email'))).map(
    ({ kind }) => kind,
  );

async function bookBy(contactBy: string | undefined, phone = mobile, start = '08:00') {
  const answer = await book(makeBooking({ phone, start, ...(contactBy && { contactBy }) }));
  expect(answer.status).toBe(201);
  return answer.body as CreatedBooking;
}

describe('the booking’s confirmation by text', () => {
  it('goes once through Twilio, names the business, carries the short manage link and is recorded', async () => {
    const booking = await bookBy('text');
    expect(await mailKinds()).toEqual(['booking-received']);
    const [queued] = await queuedTexts();
    expect(queued!.payload).toMatchObject({ text: 'booking-confirmation', phone: international });

    expect(await sendTexts()).toEqual({ sent: 1, skipped: 0, failed: 0, retry: 0 });
    expect(await sendTexts()).toBeUndefined();
    expect(twilio().texts).toHaveLength(1);
    const [sent] = twilio().texts;
    const [post] = twilio().requests;
    expect(post!.form.get('To')).toBe(international);
    expect(post!.form.get('From')).toBe(standInFrom);
    expect(post!.form.get('StatusCallback')).toBe(`${publicUrl}/api/sms/twilio/status`);
    const token = booking.manageUrl.split('/').pop()!;
    expect(sent!.body).toBe(
      `Anytown Mobile Tyres: your booking ${booking.reference} is confirmed for Wed 25 Nov, 08:00-10:00. To see, move or cancel it: ${publicUrl}/m/${token}`,
    );

    const [record] = await textRecords();
    expect(record).toMatchObject({
      direction: 'out',
      kind: 'booking-confirmation',
      phone: international,
      providerId: sent!.sid,
      status: 'queued',
      bookingId: expect.any(Number),
    });
    // The record keeps the link's first characters only; the outbox forgets it once sent.
    expect(record!.body).toContain(`${publicUrl}/m/${token.slice(0, 4)}…`);
    expect(record!.body).not.toContain(token);
    const [done] = await queuedTexts();
    expect(done!.sentAt).not.toBeNull();
    expect(done!.payload).not.toHaveProperty('link');

    const short = await request(fixture.app).get(`/m/${token}`).expect(302);
    expect(short.headers.location).toBe(`/bookings/manage/${token}`);
    expect(short.headers['cache-control']).toBe('no-store');
  });

  it('goes with the e-mail for both, never for e-mail alone, and a landline hears by e-mail', async () => {
    await bookBy('both');
    expect(await mailKinds()).toEqual(['booking-received', 'booking-confirmation']);
    expect(await queuedTexts()).toHaveLength(1);

    await db().delete(outbox);
    await bookBy('email');
    await bookBy(undefined, mobile, '10:00');
    await bookBy('text', '01708 123456', '10:00');
    expect(await queuedTexts()).toHaveLength(0);
    expect((await mailKinds()).filter((kind) => kind === 'booking-confirmation')).toHaveLength(3);
    const stored = await db()
      .select({ contactBy: bookings.contactBy, at: bookings.contactByAt })
      .from(bookings);
    expect(stored.map((row) => [row.contactBy, row.at !== null])).toEqual(
      expect.arrayContaining([
        ['both', true],
        ['email', true],
        ['email', false],
        ['text', true],
      ]),
    );
  });

  it('refuses a way of contact that is not one', async () => {
    const answer = await book(makeBooking({ contactBy: 'post' }));
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({ contactBy: ['Choose e-mail, text message or both'] });
  });
});

describe('Twilio failing', () => {
  it('never stops a booking: a text Twilio cannot take now is asked again later, and goes once', async () => {
    twilio().failNext(503, 20500, 'Service unavailable');
    await bookBy('text');
    expect(await sendTexts()).toEqual({ sent: 0, skipped: 0, failed: 0, retry: 1 });
    const [waiting] = await queuedTexts();
    expect(waiting!.sentAt).toBeNull();
    expect(waiting!.lastError).toBe('Service unavailable');
    expect((await textRecords())[0]).toMatchObject({ status: 'sending', providerId: null });

    await db()
      .update(outbox)
      .set({ nextAttemptAt: sql`now()` });
    expect(await sendTexts()).toMatchObject({ sent: 1 });
    expect(twilio().texts).toHaveLength(1);
    // The second attempt asked Twilio first whether the first had gone after all.
    expect(twilio().requests.map((each) => each.method)).toEqual(['POST', 'GET', 'POST']);
    const status = await request(fixture.app)
      .get('/api/messages/status')
      .set((await signedInStaff(db())).headers)
      .expect(200);
    expect(status.body).toMatchObject({
      configured: true,
      lastSuccessAt: expect.any(String),
      lastFailureAt: expect.any(String),
      lastFailure: 'Service unavailable',
    });
  });

  it('does not send again a text Twilio took before the process could note it', async () => {
    await bookBy('text');
    const [queued] = await queuedTexts();
    await sendTexts();
    // As if the process stopped between Twilio's answer and its notes: the claim expires.
    const [record] = await textRecords();
    await db().execute(
      sql`update text_messages set provider_id = null, status = 'sending' where id = ${record!.id}`,
    );
    await db()
      .update(outbox)
      .set({ sentAt: null, nextAttemptAt: sql`now()`, lockedUntil: null, payload: queued!.payload })
      .where(eq(outbox.id, queued!.id));
    expect(await sendTexts()).toMatchObject({ sent: 1 });
    expect(twilio().texts).toHaveLength(1);
    expect((await textRecords())[0]!.providerId).toBe(twilio().texts[0]!.sid);
  });

  it('takes a refusal asking again cannot change as final, with Twilio’s code', async () => {
    twilio().failNext(400, 21211, "The 'To' number +447700900123 is not a valid phone number.");
    await bookBy('text');
    expect(await sendTexts()).toEqual({ sent: 0, skipped: 0, failed: 1, retry: 0 });
    expect((await textRecords())[0]).toMatchObject({ status: 'failed', errorCode: 21211 });
    expect((await queuedTexts())[0]!.sentAt).not.toBeNull();
  });
});

describe('what Twilio tells', () => {
  it('records each text’s delivery, never going back to an earlier status', async () => {
    await bookBy('text');
    await sendTexts();
    const [sent] = twilio().texts;
    expect((await twilio().deliver(sent!.sid, 'sent', { deliverTo: origin() })).status).toBe(204);
    expect((await textRecords())[0]!.status).toBe('sent');
    expect((await twilio().deliver(sent!.sid, 'delivered', { deliverTo: origin() })).status).toBe(204);
    await twilio().deliver(sent!.sid, 'sent', { deliverTo: origin() });
    expect((await textRecords())[0]).toMatchObject({ status: 'delivered', errorCode: null });
  });

  it('records a text that failed with its error code', async () => {
    await bookBy('text');
    await sendTexts();
    await twilio().deliver(twilio().texts[0]!.sid, 'undelivered', { deliverTo: origin(), errorCode: 30003 });
    expect((await textRecords())[0]).toMatchObject({ status: 'undelivered', errorCode: 30003 });
  });

  it('is refused with 403 when its signature does not match, and changes nothing', async () => {
    await bookBy('text');
    const forged = await twilio().reply(international, 'STOP', {
      publicUrl,
      deliverTo: origin(),
      signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=',
    });
    expect(forged.status).toBe(403);
    // Signed for another address than the product's own.
    const elsewhere = await twilio().reply(international, 'Hello', {
      publicUrl: 'https://elsewhere.example',
      deliverTo: origin(),
    });
    expect(elsewhere.status).toBe(403);
    const unsigned = await request(fixture.app)
      .post('/api/sms/twilio/status')
      .type('form')
      .send({ MessageSid: 'SM0123456789', MessageStatus: 'failed' });
    expect(unsigned.status).toBe(403);
    expect(await db().select().from(textOptOuts)).toEqual([]);
    expect(await textRecords()).toEqual([]);
  });
});

describe('customers’ replies', () => {
  it('land on the customer’s latest booking, unread, until staff read them', async () => {
    await bookBy('text');
    const latest = await bookBy('text', '+44 7700 900123');
    const answer = await twilio().reply(international, 'Running 10 minutes late, sorry', {
      publicUrl,
      deliverTo: origin(),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');

    const staff = (await signedInStaff(db())).headers;
    const replies = await request(fixture.app).get('/api/messages/replies?unread=1').set(staff).expect(200);
    expect(replies.body).toEqual({
      unread: 1,
      replies: [
        {
          id: expect.any(Number),
          body: 'Running 10 minutes late, sorry',
          phone: international,
          name: expect.stringMatching(/^Driver \d+$/),
          receivedAt: expect.any(String),
          read: false,
          booking: { id: expect.any(Number), reference: latest.reference },
          enquiry: { id: expect.any(Number), reference: latest.reference },
        },
      ],
    });
    const bookingId = replies.body.replies[0].booking.id;
    const thread = await request(fixture.app)
      .get(`/api/messages/texts?booking=${bookingId}`)
      .set(staff)
      .expect(200);
    expect(thread.body.texts.map((text: { direction: string }) => text.direction)).toEqual(['in']);

    const read = await request(fixture.app).post('/api/messages/replies/read').set(staff).send({ bookingId });
    expect(read.body).toEqual({ read: 1, unread: 0 });
    await request(fixture.app).get('/api/messages/replies').expect(401);
  });

  it('STOP takes the number off reminders, not off a booking’s texts, and START puts it back', async () => {
    expect((await twilio().reply(international, ' stop ', { publicUrl, deliverTo: origin() })).status).toBe(
      200,
    );
    expect(await db().select({ phone: textOptOuts.phone }).from(textOptOuts)).toEqual([
      { phone: international },
    ]);
    await bookBy('text');
    expect(await sendTexts()).toMatchObject({ sent: 1 });
    // A reminder's text to the same number is not sent.
    await db()
      .insert(outbox)
      .values({
        kind: 'text',
        channel: 'text',
        payload: {
          kind: 'text',
          text: 'reminder-mot',
          phone: international,
          body: 'Tyre Services Test: MOT due. {link}',
          link: `${publicUrl}/book?service=mot`,
          bookingId: null,
          enquiryId: null,
        },
      });
    expect(await sendTexts()).toEqual({ sent: 0, skipped: 1, failed: 0, retry: 0 });
    expect(twilio().texts).toHaveLength(1);

    await twilio().reply(international, 'START', { publicUrl, deliverTo: origin() });
    expect(await db().select().from(textOptOuts)).toEqual([]);
    expect(await textRecords()).toHaveLength(1);
  });
});

describe('a text’s own manage link', () => {
  it('opens the booking while its token stands, and no other', async () => {
    const booking = await bookBy('text');
    const [row] = await db()
      .select({ id: bookings.id, hash: bookings.manageTokenHash })
      .from(bookings)
      .where(eq(bookings.reference, booking.reference));
    const token = textManageToken(await textLinkKey(db()), row!.id, row!.hash);
    expect(token.length).toBeLessThan(26);
    const managed = await request(fixture.app).get(`/api/bookings/manage/${token}`).expect(200);
    expect((managed.body as ManagedBooking).reference).toBe(booking.reference);
    // Another booking's id with this signature, or a changed signature, opens nothing.
    const other = token.slice(0, 16) + (row!.id + 1).toString(36);
    await request(fixture.app).get(`/api/bookings/manage/${other}`).expect(404);
    const forged = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    await request(fixture.app).get(`/api/bookings/manage/${forged}`).expect(404);
  });
});

describe('a person’s texts in their data', () => {
  it('are exported, with their answers and their number’s opt-out, and erased with their bookings', async () => {
    const email = 'sam.driver@example.com';
    const booking = (await book(makeBooking({ phone: mobile, email, contactBy: 'text' })).expect(201))
      .body as CreatedBooking;
    await sendTexts();
    await twilio().reply(international, 'Thanks!', { publicUrl, deliverTo: origin() });
    await twilio().reply(international, 'STOP', { publicUrl, deliverTo: origin() });
    const later = (
      await book(makeBooking({ phone: mobile, email, contactBy: 'both', start: '10:00' })).expect(201)
    ).body as CreatedBooking;
    const owner = (await signedInStaff(db(), 'olive', undefined, 'owner')).headers;

    const exported = await request(fixture.app)
      .get(`/api/privacy/export?email=${encodeURIComponent(email)}`)
      .set(owner)
      .expect(200);
    const choice = (source: string, reference: string, contactBy: string) => ({
      source,
      reference,
      contactBy,
      answeredAt: expect.any(String),
      wording: expect.stringMatching(/^How should we keep you posted\? (Text message|Both)$/),
    });
    expect(exported.body.contactChoices).toHaveLength(4);
    expect(exported.body.contactChoices).toEqual(
      expect.arrayContaining([
        choice('enquiry', booking.reference, 'text'),
        choice('booking', booking.reference, 'text'),
        choice('booking', later.reference, 'both'),
      ]),
    );
    expect(
      exported.body.texts.map((text: { direction: string; body: string }) => [text.direction, text.body]),
    ).toEqual([
      ['out', expect.stringContaining(booking.reference)],
      ['in', 'Thanks!'],
    ]);
    expect(exported.body.textOptOuts).toEqual([{ phone: international, optedOutAt: expect.any(String) }]);

    // The second booking's confirmation is still to send when the person's data is erased.
    expect(await queuedTexts()).toHaveLength(2);
    await request(fixture.app).post('/api/privacy/erase').set(owner).send({ email }).expect(200);
    expect(await textRecords()).toEqual([]);
    expect((await queuedTexts()).filter((row) => row.sentAt === null)).toEqual([]);
    expect(await db().select().from(textOptOuts)).toEqual([]);
  });
});
