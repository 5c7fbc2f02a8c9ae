import {
  checkCheckoutParams,
  checkListParams,
  inCreatedRange,
  invalidRequest,
  type StandInLine,
  type StripeErrorBody,
} from './stripe-stand-in-checks.ts';
import { formRecord, formString, type FormObject } from './stripe-form.ts';
import {
  chargeObject,
  eventObject,
  refundObject,
  sessionObject,
  stripeId,
  unixSeconds,
  type StandInCharge,
  type StandInEvent,
  type StandInRefund,
  type StandInSession,
} from './stripe-stand-in-objects.ts';

/**
 * What the stand-in of Stripe (stripe-stand-in.ts) keeps, in memory, and its API's answers: Checkout
 * Sessions, the charges of those paid (by payment intent) and refunds. An answer that makes an
 * event (a refund's `charge.refunded`) carries it, for the server to deliver once it has answered.
 */

/** An answer of the API, and the event to deliver once it is sent. */
export type Answer = { status: number; json: unknown; event?: StandInEvent };

const errorAnswer = (body: StripeErrorBody, status = 400): Answer => ({ status, json: body });
const noSuch = (kind: string, id: string, param?: string) =>
  errorAnswer(invalidRequest(`No such ${kind}: '${id}'`, param, 'resource_missing'), 404);

/**
 * `url()`: the stand-in's address, which the hosted pages' links start with.
 * `chargeRefundsInEvents`: whether `charge.refunded` carries the charge's `refunds` list. Stripe
 * stopped including it in the Charge object with API version 2022-11-15 (it is only there when
 * expanded, which an event never is); the stand-in includes it unless told not to.
 */
export function standInStore(now: () => Date, url: () => string, chargeRefundsInEvents = true) {
  const sessions = new Map<string, StandInSession>();
  const lines = new Map<string, StandInLine[]>();
  /** payment_intent_data[metadata] of each session: the charge's metadata once paid. */
  const paymentMetadata = new Map<string, Record<string, string>>();
  /** Charges by their payment intent (pi_…). */
  const charges = new Map<string, StandInCharge>();
  const refunds = new Map<string, StandInRefund>();
  let refusal: { message: string; code: string } | null = null;
  const nowSeconds = () => unixSeconds(now());

  const event = <T>(type: string, object: T, request?: StandInEvent['request']) =>
    eventObject(type, object, nowSeconds(), request);

  const openSession = (id: string) => {
    const session = sessions.get(id);
    if (!session) throw new Error(`the Stripe stand-in has no session ${id}`);
    if (session.status !== 'open') throw new Error(`session ${id} is ${session.status}, not open`);
    return session;
  };

  function markPaid(id: string) {
    const session = openSession(id);
    const paymentIntent = stripeId('pi');
    const charge = chargeObject(
      paymentIntent,
      session.amount_total ?? 0,
      nowSeconds(),
      paymentMetadata.get(id) ?? {},
    );
    charges.set(paymentIntent, charge);
    // Stripe gives a session's address only while it is open.
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: paymentIntent,
      url: null,
    });
    return { session, charge, event: event('checkout.session.completed', session) };
  }

  function markExpired(id: string, request?: StandInEvent['request']) {
    const session = openSession(id);
    Object.assign(session, { status: 'expired', url: null });
    return { session, event: event('checkout.session.expired', session, request) };
  }

  function createSession(form: FormObject): Answer {
    const params = checkCheckoutParams(form, nowSeconds());
    if ('error' in params) return errorAnswer(params);
    const id = stripeId('cs_test', 58);
    const session = sessionObject(params, id, `${url()}/pay/${id}`, nowSeconds());
    sessions.set(id, session);
    lines.set(id, params.lines);
    paymentMetadata.set(id, formRecord(form, 'payment_intent_data', 'metadata'));
    return { status: 200, json: session };
  }

  function listSessions(query: FormObject): Answer {
    const params = checkListParams(query);
    if ('error' in params) return errorAnswer(params);
    // Newest first, as Stripe lists.
    const newestFirst = [...sessions.values()].reverse().sort((a, b) => b.created - a.created);
    const cursor = params.startingAfter ?? params.endingBefore;
    const at = cursor === undefined ? -1 : newestFirst.findIndex((session) => session.id === cursor);
    if (cursor !== undefined && at === -1)
      return noSuch('checkout.session', cursor, params.startingAfter ? 'starting_after' : 'ending_before');
    const matches = (session: StandInSession) =>
      inCreatedRange(session.created, params.created) &&
      (params.status === undefined || session.status === params.status) &&
      (params.paymentIntent === undefined || session.payment_intent === params.paymentIntent);
    const candidates = (
      params.endingBefore !== undefined ? newestFirst.slice(0, at) : newestFirst.slice(at + 1)
    ).filter(matches);
    const data =
      params.endingBefore !== undefined ? candidates.slice(-params.limit) : candidates.slice(0, params.limit);
    return {
      status: 200,
      json: { object: 'list', data, has_more: candidates.length > data.length, url: '/v1/checkout/sessions' },
    };
  }

  function expireSession(id: string, request: StandInEvent['request']): Answer {
    const session = sessions.get(id);
    if (!session) return noSuch('checkout.session', id, 'session');
    if (session.status !== 'open')
      return errorAnswer(invalidRequest('Only Checkout Sessions with a status in ["open"] can be expired.'));
    const expired = markExpired(id, request);
    return { status: 200, json: expired.session, event: expired.event };
  }

  function createRefund(form: FormObject, request: StandInEvent['request']): Answer {
    const paymentIntent = formString(form, 'payment_intent');
    if (!paymentIntent)
      return errorAnswer(
        invalidRequest(
          'One of the following params should be provided for this request: payment_intent or charge.',
        ),
      );
    const charge = charges.get(paymentIntent);
    if (!charge)
      return errorAnswer(
        invalidRequest(`No such payment_intent: '${paymentIntent}'`, 'payment_intent', 'resource_missing'),
      );
    if (refusal) return errorAnswer(invalidRequest(refusal.message, undefined, refusal.code));
    const left = charge.amount - charge.amount_refunded;
    if (left <= 0)
      return errorAnswer(
        invalidRequest(
          `Charge ${charge.id} has already been refunded.`,
          undefined,
          'charge_already_refunded',
        ),
      );
    const amountText = formString(form, 'amount');
    const amount = amountText === undefined ? left : Number(amountText);
    if (!Number.isInteger(amount) || amount <= 0)
      return errorAnswer(
        invalidRequest(`Invalid positive integer: ${amountText}`, 'amount', 'parameter_invalid_integer'),
      );
    if (amount > left)
      return errorAnswer(
        invalidRequest(
          `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
          'amount',
          'amount_too_large',
        ),
      );
    const refund = refundObject(charge, amount, nowSeconds(), formRecord(form, 'metadata'));
    refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    charge.refunds.data.unshift(refund);
    const refunded = event<Partial<StandInCharge>>('charge.refunded', charge, request);
    if (!chargeRefundsInEvents) delete refunded.data.object.refunds;
    return { status: 200, json: refund, event: refunded };
  }

  /** The API's routes (after the key is checked). */
  function answer(
    method: string,
    path: string,
    query: FormObject,
    form: FormObject,
    requestId: string,
    key: string | null,
  ): Answer {
    const request = { id: requestId, idempotency_key: key };
    if (path === '/v1/checkout/sessions') {
      if (method === 'POST') return createSession(form);
      if (method === 'GET') return listSessions(query);
    }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path);
    if (expire && method === 'POST') return expireSession(decodeURIComponent(expire[1]!), request);
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (one && method === 'GET') {
      const session = sessions.get(decodeURIComponent(one[1]!));
      return session ? { status: 200, json: session } : noSuch('checkout.session', one[1]!, 'session');
    }
    if (path === '/v1/refunds' && method === 'POST') return createRefund(form, request);
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (refund && method === 'GET') {
      const found = refunds.get(decodeURIComponent(refund[1]!));
      return found ? { status: 200, json: found } : noSuch('refund', refund[1]!, 'id');
    }
    return errorAnswer(invalidRequest(`Unrecognized request URL (${method}: ${path}).`), 404);
  }

  return {
    sessions,
    lines,
    charges,
    refunds,
    event,
    markPaid,
    markExpired,
    answer,
    refuseRefunds(reason: string | null, code: string) {
      refusal = reason === null ? null : { message: reason, code };
    },
  };
}
