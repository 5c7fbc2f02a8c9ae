import { and, count, desc, eq, gt } from 'drizzle-orm';
import { renderSVG } from 'uqr';
import type { ChargedLine } from '#common/jobs/invoice.ts';
import type { PaymentLink } from '#common/payments/payments.ts';
import { nothingDueMessage } from '#common/payments/payments.ts';
import { smallestCardPaymentPence } from '#common/payments/settings.ts';
import { formatPence } from '#common/util/money.ts';
import { findBooking } from '../bookings/records.ts';
import { textBooking, textLinkKeyIf } from '../bookings/texts.ts';
import { checkoutSessions, outbox } from '../db/schema.ts';
import type { JobActor } from '../jobs/dependencies.ts';
import { findJobRow, jobOf } from '../jobs/list.ts';
import { createCheckout } from './checkout.ts';
import type { PaymentsDependencies } from './dependencies.ts';

/** Stripe keeps a Checkout page open 24 hours at most; the link is made for a little less. */
const linkLifetimeMs = 23 * 60 * 60 * 1000;
/** An open page for the same amount is shown again while it has this long left. */
const reuseMarginMs = 30 * 60 * 1000;

type PaymentLinkResult =
  | { status: 201; link: PaymentLink & { texted?: boolean } }
  | { status: 404 }
  | { status: 409; error: string }
  | { status: 503; error: string };

/**
 * The link (and its QR code) for the customer to pay by card what is still due on a job, at the
 * kerb (POST /jobs/{id}/payment-link): the job's fitter or the office. The same open page is
 * shown again while what is due has not changed; with `email`, the customer is sent it too.
 */
export async function paymentLink(
  deps: PaymentsDependencies,
  id: number,
  actor: JobActor,
  { email = false, text = false }: { email?: boolean; text?: boolean },
): Promise<PaymentLinkResult> {
  const { db, stripe } = deps;
  const row = await findJobRow(db, id);
  if (!row || (actor.role === 'fitter' && row.fitterId !== actor.id)) return { status: 404 };
  if (!stripe) return { status: 503, error: 'Card payments online are not set up.' };
  const job = jobOf(row, await deps.content());
  const due = job.total - job.paid;
  if (row.bookingStatus === 'cancelled') {
    return { status: 409, error: 'This booking was cancelled.' };
  }
  if (due <= 0) return { status: 409, error: nothingDueMessage };
  if (due < smallestCardPaymentPence) {
    return { status: 409, error: `${formatPence(due)} is less than a card payment can be: take it in cash.` };
  }
  const now = deps.clock();
  const url =
    (await openBalancePage(deps, id, { amount: due, marginMs: reuseMarginMs })) ??
    (await newLink(deps, id, due, job.lines, now));
  if (email) {
    const booking = (await findBooking(db, id))!;
    await db.insert(outbox).values({
      kind: 'payment-link',
      payload: {
        kind: 'payment-link',
        bookingId: id,
        reference: booking.reference,
        name: booking.name,
        email: booking.email,
        amountPence: due,
        url,
      },
    });
    deps.onQueued?.();
  }
  const texted = text && (await textLink(deps, id, due));
  return {
    status: 201,
    link: { url, amountPence: due, qrSvg: renderSVG(url, { border: 2 }), ...(text && { texted }) },
  };
}

/**
 * Texts the customer the payment page (staff asked, so to any UK mobile of theirs): the short
 * manage link's /pay, which opens the open page. False when their number takes no texts.
 */
async function textLink(deps: PaymentsDependencies, id: number, due: number): Promise<boolean> {
  const [content, settings, linkKey] = await Promise.all([
    deps.content(),
    deps.settings(),
    textLinkKeyIf(deps.texts, deps.db),
  ]);
  const { texted } = await deps.db.transaction((tx) =>
    textBooking(tx, {
      kind: 'payment-link',
      bookingId: id,
      context: {
        linkKey,
        settings,
        businessName: content.business.companyName,
        publicUrl: deps.publicUrl,
      },
      facts: { amount: formatPence(due) },
      linkPath: '/pay',
      staffAsked: true,
    }),
  );
  if (texted) deps.onQueued?.();
  return texted;
}

/**
 * The open page for a booking's balance (the text's link opens it), or with `amount`, one for that
 * amount with at least `margin` left (shown again rather than made anew); null if none.
 */
export async function openBalancePage(
  deps: Pick<PaymentsDependencies, 'db' | 'clock'>,
  id: number,
  { amount, marginMs = 0 }: { amount?: number; marginMs?: number } = {},
) {
  const [open] = await deps.db
    .select({ url: checkoutSessions.url })
    .from(checkoutSessions)
    .where(
      and(
        eq(checkoutSessions.bookingId, id),
        eq(checkoutSessions.purpose, 'balance'),
        eq(checkoutSessions.status, 'open'),
        amount === undefined ? undefined : eq(checkoutSessions.amountPence, amount),
        gt(checkoutSessions.expiresAt, new Date(deps.clock().getTime() + marginMs)),
      ),
    )
    .orderBy(desc(checkoutSessions.createdAt))
    .limit(1);
  return open?.url ?? null;
}

async function newLink(
  deps: PaymentsDependencies,
  id: number,
  due: number,
  lines: readonly ChargedLine[],
  now: Date,
): Promise<string> {
  const booking = (await findBooking(deps.db, id))!;
  const [made] = await deps.db
    .select({ count: count() })
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.bookingId, id), eq(checkoutSessions.purpose, 'balance')));
  const session = await createCheckout(
    deps.stripe!,
    deps.db,
    {
      booking,
      purpose: 'balance',
      amountPence: due,
      lines,
      expiresAt: new Date(now.getTime() + linkLifetimeMs),
      // The customer pays on their own phone at the kerb: back to the site when done.
      successUrl: `${deps.publicUrl}/?paid=1`,
      cancelUrl: `${deps.publicUrl}/`,
      idempotencyKey: `balance-${id}-${due}-${made?.count ?? 0}`,
    },
    now,
  );
  return session.url;
}
