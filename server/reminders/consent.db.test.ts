import { eq } from 'drizzle-orm';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { CreatedBooking } from '#common/bookings/booking.ts';
import type { PersonalDataExport } from '#common/privacy/privacy.ts';
import { remindersConsentMessage, remindersConsentWording } from '#common/reminders/consent.ts';
import { makeBooking } from '#tests/support/bookings.ts';
import { useBookingsApp } from '#tests/support/bookings-app.ts';
import { makeEnquiry } from '#tests/support/factories.ts';
import { bookings, enquiries } from '../db/schema.ts';

// The reminders question of the enquiry form and the booking page: the answer stored with the
// time it was given and the words shown, in the privacy export, and gone with an erasure.
const { fixture, book, clock } = useBookingsApp();

const consentOfEnquiry = async (reference: string) =>
  (
    await fixture.database.db
      .select({
        agreed: enquiries.remindersConsent,
        at: enquiries.remindersConsentAt,
        wording: enquiries.remindersConsentWording,
      })
      .from(enquiries)
      .where(eq(enquiries.reference, reference))
  )[0];

const exportOf = async (email: string) =>
  (
    await request(fixture.app)
      .get(`/api/privacy/export?email=${encodeURIComponent(email)}`)
      .set(fixture.staff.headers)
      .expect(200)
  ).body as PersonalDataExport;

describe('the reminders question', () => {
  it('is stored from the enquiry form with its time and words, yes or no, and unticked means no', async () => {
    const yes = await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ email: 'yes@example.com', remindersConsent: true }))
      .expect(201);
    const before = Date.now();
    expect(await consentOfEnquiry(yes.body.reference)).toMatchObject({
      agreed: true,
      wording: remindersConsentWording,
    });
    expect((await consentOfEnquiry(yes.body.reference))!.at!.getTime()).toBeLessThanOrEqual(before);

    const unticked = await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ email: 'unticked@example.com' }))
      .expect(201);
    expect(await consentOfEnquiry(unticked.body.reference)).toMatchObject({
      agreed: false,
      wording: remindersConsentWording,
    });

    // The fields of a form sent without scripts (the page's action passes them on): a ticked
    // checkbox is "on".
    const posted = await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ email: 'form@example.com', remindersConsent: 'on' }))
      .expect(201);
    expect((await consentOfEnquiry(posted.body.reference))!.agreed).toBe(true);
  });

  it('refuses an answer that is neither yes nor no, and stores nothing', async () => {
    const refused = await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ email: 'maybe@example.com', remindersConsent: 'maybe' }))
      .expect(400);
    expect(refused.body.fieldErrors).toEqual({ remindersConsent: [remindersConsentMessage] });
    await book(makeBooking({ email: 'maybe@example.com', remindersConsent: 7 })).expect(400);
    expect(await fixture.database.db.select().from(enquiries)).toEqual([]);
    expect(await fixture.database.db.select().from(bookings)).toEqual([]);
  });

  it('is stored with a booking and its enquiry, exported, and erased with them', async () => {
    const email = 'mot.reminders@example.com';
    const created = (await book(makeBooking({ email, remindersConsent: true })).expect(201))
      .body as CreatedBooking;
    const [stored] = await fixture.database.db
      .select({
        agreed: bookings.remindersConsent,
        at: bookings.remindersConsentAt,
        wording: bookings.remindersConsentWording,
      })
      .from(bookings)
      .where(eq(bookings.reference, created.reference));
    expect(stored).toMatchObject({ agreed: true, wording: remindersConsentWording });
    expect((await consentOfEnquiry(created.reference))!.agreed).toBe(true);
    clock.now = new Date(clock.now.getTime() + 60_000);
    await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ email, remindersConsent: false }))
      .expect(201);

    const exported = await exportOf(email);
    expect(exported.remindersConsents).toEqual([
      {
        source: 'enquiry',
        reference: created.reference,
        agreed: true,
        answeredAt: stored!.at!.toISOString(),
        wording: remindersConsentWording,
      },
      {
        source: 'booking',
        reference: created.reference,
        agreed: true,
        answeredAt: stored!.at!.toISOString(),
        wording: remindersConsentWording,
      },
      expect.objectContaining({ source: 'enquiry', agreed: false, wording: remindersConsentWording }),
    ]);

    clock.now = new Date(clock.now.getTime() + 60_000);
    await request(fixture.app)
      .post('/api/privacy/erase')
      .set(fixture.staff.headers)
      .send({ email })
      .expect(200);
    expect((await exportOf(email)).remindersConsents).toEqual([]);
  });
});
