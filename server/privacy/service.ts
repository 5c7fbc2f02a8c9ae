import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { StaffUser } from '#common/auth/auth.ts';
import type { ContactChoiceRecord, ErasureCounts, PersonalDataExport } from '#common/privacy/privacy.ts';
import type { RemindersConsentRecord } from '#common/reminders/consent.ts';
import type { Database } from '../db/client.ts';
import { bookings, enquiries, outbox, privacyErasures, reminderUnsubscribes } from '../db/schema.ts';
import { listBookingsOf } from '../bookings/records.ts';
import { listEnquiriesOf } from '../enquiries/read.ts';
import { eraseInvoicesOf, invoicesOf, jobsOfBookings } from '../jobs/privacy.ts';
import { remindersOf } from '../reminders/privacy.ts';
import { forgetUnbookedVehicles, motExpiriesOf } from '../vehicles/mot-expiry.ts';
import { forgetVehicles } from '../activity/service.ts';
import { eraseTextsOf, mobilesOf, optOutsOf, textsOf } from '../messages/privacy.ts';

const sameEmail = (column: typeof enquiries.email | typeof bookings.email, email: string) =>
  sql`lower(${column}) = lower(${email})`;

export async function exportSubject(db: Database, email: string, now: Date): Promise<PersonalDataExport> {
  const subjectBookings = await listBookingsOf(db, sameEmail(bookings.email, email));
  const bookingIds = subjectBookings.map((booking) => booking.id);
  const subjectReminders = await remindersOf(db, email);
  const registrations = [
    ...new Set([...subjectBookings, ...subjectReminders].map((each) => each.registration)),
  ];
  const subjectEnquiries = await listEnquiriesOf(db, sameEmail(enquiries.email, email));
  const whose = { bookingIds, enquiryIds: subjectEnquiries.map((enquiry) => enquiry.id) };
  const phones = mobilesOf([...subjectBookings, ...subjectEnquiries].map((each) => each.phone));
  return {
    email,
    exportedAt: now.toISOString(),
    enquiries: subjectEnquiries,
    bookings: subjectBookings,
    jobs: await jobsOfBookings(db, bookingIds),
    invoices: await invoicesOf(db, email, bookingIds),
    reminders: subjectReminders,
    vehicles: await motExpiriesOf(db, registrations),
    remindersConsents: await remindersConsentsOf(db, email),
    remindersUnsubscribedAt:
      (
        await db
          .select({ at: reminderUnsubscribes.unsubscribedAt })
          .from(reminderUnsubscribes)
          .where(eq(reminderUnsubscribes.email, email.toLowerCase()))
      )[0]?.at.toISOString() ?? null,
    contactChoices: await contactChoicesOf(db, email),
    texts: await textsOf(db, whose),
    textOptOuts: await optOutsOf(db, phones),
  };
}

/** The person's answers to how they want to hear from the business, oldest first. */
async function contactChoicesOf(db: Database, email: string): Promise<ContactChoiceRecord[]> {
  const answers = (source: 'enquiry' | 'booking', table: typeof enquiries | typeof bookings) =>
    db
      .select({
        reference: table.reference,
        contactBy: table.contactBy,
        answeredAt: table.contactByAt,
        wording: table.contactByWording,
      })
      .from(table)
      .where(and(sameEmail(table.email, email), isNotNull(table.contactByAt)))
      .then((rows) => rows.map((row) => ({ source, ...row })));
  const all = [...(await answers('enquiry', enquiries)), ...(await answers('booking', bookings))];
  return all
    .sort((a, b) => a.answeredAt!.getTime() - b.answeredAt!.getTime())
    .map(({ source, reference, contactBy, answeredAt, wording }) => ({
      source,
      reference,
      contactBy: contactBy as ContactChoiceRecord['contactBy'],
      answeredAt: answeredAt!.toISOString(),
      wording: wording ?? '',
    }));
}

/** The person's answers to the reminders question, on their enquiries and bookings, oldest first. */
async function remindersConsentsOf(db: Database, email: string): Promise<RemindersConsentRecord[]> {
  const answers = (source: 'enquiry' | 'booking', table: typeof enquiries | typeof bookings) =>
    db
      .select({
        reference: table.reference,
        agreed: table.remindersConsent,
        answeredAt: table.remindersConsentAt,
        wording: table.remindersConsentWording,
      })
      .from(table)
      .where(and(sameEmail(table.email, email), isNotNull(table.remindersConsentAt)))
      .then((rows) => rows.map((row) => ({ source, ...row })));
  const all = [...(await answers('enquiry', enquiries)), ...(await answers('booking', bookings))];
  return all
    .sort((a, b) => a.answeredAt!.getTime() - b.answeredAt!.getTime())
    .map(({ source, reference, agreed, answeredAt, wording }) => ({
      source,
      reference,
      agreed,
      answeredAt: answeredAt!.toISOString(),
      wording: wording ?? '',
    }));
}

/**
 * Erases everything stored about one e-mail address (UK GDPR article 17): the enquiries (their
 * notes and changes of status go with them, their bookings with their jobs, records and photos)
 * and the notifications that carry their fields, sent or not, and their unsubscription from
 * reminders. Invoices stay for the accounts: as issued within their six years, without the
 * person's details after (jobs/privacy.ts). The erasure itself is recorded with who did it and
 * how many records went, never whose.
 */
export async function eraseSubject(
  db: Database,
  email: string,
  actor: StaffUser,
  now: Date,
): Promise<ErasureCounts> {
  return db.transaction(async (tx) => {
    const notifications = await tx
      .delete(outbox)
      .where(
        sql`lower(coalesce(${outbox.payload} -> 'enquiry', ${outbox.payload} -> 'booking', ${outbox.payload} -> 'reminder') ->> 'email') = lower(${email})`,
      )
      .returning({ id: outbox.id });
    const erasedBookings = await tx
      .select({ id: bookings.id, registration: bookings.registration, phone: bookings.phone })
      .from(bookings)
      .where(sameEmail(bookings.email, email));
    const erasedEnquiries = await tx
      .select({ id: enquiries.id, phone: enquiries.phone })
      .from(enquiries)
      .where(sameEmail(enquiries.email, email));
    // Their texts to send and their numbers' opt-outs; the texts sent and received go with the
    // bookings and enquiries.
    const texts = await eraseTextsOf(
      tx,
      { bookingIds: erasedBookings.map((row) => row.id), enquiryIds: erasedEnquiries.map((row) => row.id) },
      mobilesOf([...erasedBookings, ...erasedEnquiries].map((row) => row.phone)),
    );
    const bookingIds = erasedBookings.map((row) => row.id);
    const invoices = await eraseInvoicesOf(tx, email, bookingIds, now);
    const erased = await tx
      .delete(enquiries)
      .where(sameEmail(enquiries.email, email))
      .returning({ id: enquiries.id });
    // The reminders went with the bookings; their address's unsubscription goes too, and so does
    // the MOT expiry of a vehicle that no booking left names. The activity log keeps its entries
    // about their vehicles without the registrations.
    await tx.delete(reminderUnsubscribes).where(eq(reminderUnsubscribes.email, email.toLowerCase()));
    const registrations = [...new Set(erasedBookings.map((row) => row.registration))];
    await forgetUnbookedVehicles(tx, registrations);
    await forgetVehicles(tx, registrations);
    const counts = { enquiries: erased.length, notifications: notifications.length + texts, ...invoices };
    await tx.insert(privacyErasures).values({
      actorId: actor.id,
      actorName: actor.username,
      enquiries: counts.enquiries,
      notifications: counts.notifications,
      invoices: counts.invoices,
      createdAt: now,
    });
    return counts;
  });
}
