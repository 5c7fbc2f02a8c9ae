// The `payments` scenario: Stripe's webhook under a steady stream of signed events. The server
// runs with card payments set up against the stand-in of Stripe (tests/support/stripe-stand-in.ts)
// and a fixed deposit; a crowd of customers books (each booking making its Checkout Session at the
// stand-in), every session is paid at the stand-in, and then `checkout.session.completed` events
// are posted to POST /api/payments/stripe/webhook at a steady rate (PAYMENTS_RATE a second, 200 by
// default) for the run's duration (10 s by default): each session's own event once, about a tenth
// exact repeats of an event already sent (Stripe sending it again: the same id), and the rest
// further events, with ids of their own, of sessions already paid. Afterwards each payment must be
// recorded once: in the day's takings, in the owners' check against Stripe, and on its booking.
// The latencies are read against the floor loaded at the same pace (and the same connections).
// PAYMENTS_BOOKINGS sets how many bookings (200).
import { londonDate } from '#common/time/london.ts';
import type { Booking, CreatedBooking } from '#common/bookings/booking.ts';
import type { ToldAvailabilityDay } from '#common/bookings/slots.ts';
import type { Takings } from '#common/jobs/jobs.ts';
import type { Reconciliation } from '#common/payments/payments.ts';
import type { DomainSettings } from '#common/settings/domains.ts';
import { addDays } from '#server/analytics/london.ts';
import type { ServerProcess } from '#tests/support/server-process.ts';
import Stripe from 'stripe';
import {
  startStripeStandIn,
  type StandInEvent,
  type StandInSession,
  type StripeStandIn,
} from '#tests/support/stripe-stand-in.ts';
import { saveHourlyWindows } from './booking.ts';
import { floorLine, measureFloor } from './floor.ts';
import { load } from './load.ts';
import {
  againstFloor,
  cpuLines,
  percentilesOf,
  randomClientAddress,
  untilQuiet,
  withServerCpu,
  type Settings,
} from './measure.ts';
import { signIn, staffAccountEnv, staffGet, type Scenario } from './server.ts';

/** How many bookings with a deposit the run pays (PAYMENTS_BOOKINGS), and the events a second. */
const bookingCount = Number(process.env.PAYMENTS_BOOKINGS ?? 200);
const eventsPerSecond = Number(process.env.PAYMENTS_RATE ?? 200);
/** The share of events that are an earlier event sent again. */
const repeatShare = 0.1;
/** The fixed deposit the bench's business asks (pence). */
const depositPence = 2000;
const webhookPath = '/api/payments/stripe/webhook';
const availabilityUrl = '/api/availability?service=puncture-repair&location=mobile&days=22';

const jsonHeaders = (server: ServerProcess, cookie: string) => ({
  cookie,
  'content-type': 'application/json',
  'x-admin-request': '1',
  origin: server.url,
});

/** Takes a fixed deposit of every booking (the Settings tab's Payments). */
async function askDeposits(server: ServerProcess, cookie: string) {
  const current = await staffGet<DomainSettings<'payments'>>(server, cookie, '/api/settings/payments');
  const settings = {
    ...current.settings,
    deposit: { ...current.settings.deposit, kind: 'fixed', fixedPence: depositPence, services: [] },
  };
  const saved = await fetch(`${server.url}/api/settings/payments`, {
    method: 'PUT',
    headers: jsonHeaders(server, cookie),
    body: JSON.stringify({ version: current.version, settings }),
  });
  if (!saved.ok)
    throw new Error(`saving the payment settings answered ${saved.status}: ${await saved.text()}`);
}

/** A customer's booking of a window (a puncture repair at home), each customer their own. */
const bookingBody = (slot: { date: string; start: string }, customer: number) => {
  const number = String(customer).padStart(6, '0');
  const letters = [0, 1, 2].map((place) =>
    String.fromCharCode(65 + (Math.floor(customer / 26 ** place) % 26)),
  );
  return JSON.stringify({
    service: 'puncture-repair',
    location: 'mobile',
    date: slot.date,
    start: slot.start,
    name: 'Bench Payer',
    phone: `07700 ${number}`,
    email: `payer${customer}@example.com`,
    registration: `PY${number.slice(-2)} ${letters.join('')}`,
    vehicle: 'Ford Focus',
    postcode: 'RM3 0AB',
    addressLine: '12 High Street',
    town: 'Romford',
    notes: '',
  });
};

/** Books `bookingCount` windows, a few customers at a time; answers each booking's reference and deposit. */
async function bookWithDeposits(server: ServerProcess, slots: readonly { date: string; start: string }[]) {
  const booked: { reference: string; deposit: number }[] = [];
  let next = 0;
  const customer = async () => {
    while (next < bookingCount) {
      const index = next++;
      const response = await fetch(`${server.url}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': randomClientAddress() },
        body: bookingBody(slots[index % slots.length]!, index + 1),
      });
      if (response.status !== 201)
        throw new Error(`booking ${index + 1} answered ${response.status}: ${await response.text()}`);
      const created = (await response.json()) as CreatedBooking;
      if (created.payment?.status !== 'due')
        throw new Error(
          `booking ${created.reference} asked no deposit: is card payments' code in this build?`,
        );
      booked.push({ reference: created.reference, deposit: created.payment.amountPence });
    }
  };
  await Promise.all(Array.from({ length: 5 }, customer));
  return booked;
}

/** One request of the stream: its body (an event, as Stripe writes it), and what it is. */
type Posted = { body: string; kind: 'first' | 'repeat' | 'another' };

/** An event's body, as Stripe sends it. */
const eventBody = (event: StandInEvent) => JSON.stringify(event, null, 2);

/** The Stripe-Signature header of a body, signed as it is sent (Stripe signs each attempt anew). */
const signature = (standIn: StripeStandIn, body: string) =>
  Stripe.webhooks.generateTestHeaderString({ payload: body, secret: standIn.webhookSecret });

/**
 * The run's events, in order: each session's own `checkout.session.completed` spread evenly over
 * the run, about a tenth exact repeats of an event already in the stream, and the rest further
 * events (ids of their own) of sessions already paid.
 */
function eventStream(
  standIn: StripeStandIn,
  paid: readonly StandInEvent<StandInSession>[],
  length: number,
): Posted[] {
  const stream: Posted[] = [];
  const every = Math.max(1, Math.floor(length / paid.length));
  let firsts = 0;
  for (let index = 0; index < Math.max(length, paid.length); index += 1) {
    if ((index % every === 0 && firsts < paid.length) || firsts === 0) {
      stream.push({ body: eventBody(paid[firsts]!), kind: 'first' });
      firsts += 1;
    } else if (Math.random() < repeatShare) {
      stream.push({ ...stream[Math.floor(Math.random() * stream.length)]!, kind: 'repeat' });
    } else {
      const session = paid[Math.floor(Math.random() * firsts)]!.data.object;
      stream.push({ body: eventBody(standIn.event('checkout.session.completed', session)), kind: 'another' });
    }
  }
  // Sessions the spread left over (a stream shorter than the bookings) at the end.
  for (; firsts < paid.length; firsts += 1) stream.push({ body: eventBody(paid[firsts]!), kind: 'first' });
  return stream;
}

/** Posts the stream to the webhook at the pace, in order (round again if the run asks for more). */
async function postStream(
  server: ServerProcess,
  settings: Settings,
  standIn: StripeStandIn,
  stream: readonly Posted[],
) {
  const statuses = new Map<number, number>();
  const latenciesMs: number[] = [];
  const sent = { first: 0, repeat: 0, another: 0 };
  let next = 0;
  const { value: result, cpuMs } = await withServerCpu(server, () =>
    load(
      {
        url: `${server.url}${webhookPath}`,
        method: 'POST',
        connections: settings.connections,
        duration: settings.duration,
        overallRate: eventsPerSecond,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        requests: [
          {
            setupRequest: (request) => {
              const posted = stream[next % stream.length]!;
              sent[next < stream.length ? posted.kind : 'repeat'] += 1;
              next += 1;
              const header = signature(standIn, posted.body);
              return {
                ...request,
                body: posted.body,
                headers: { ...request.headers, 'stripe-signature': header },
              };
            },
          },
        ],
      },
      (statusCode, responseTime) => {
        statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
        latenciesMs.push(responseTime);
      },
    ),
  );
  return { result, cpuMs, statuses, latenciesMs, sent };
}

/**
 * Each session's payment recorded once: the day's takings (the only payments of a fresh
 * database) count one payment online per session, for its deposit; the owners' check against
 * Stripe (GET /api/payments/reconcile, which lists the stand-in's sessions page by page) matches
 * each paid session with one payment here and finds none missing either side; and every booking
 * has its deposit paid. Where the takings list their payments online, each payment id once.
 */
async function checkRecorded(
  server: ServerProcess,
  cookie: string,
  booked: readonly { reference: string; deposit: number }[],
  paymentIntents: ReadonlyMap<string, string>,
) {
  const today = londonDate(new Date());
  const takings = await staffGet<Takings>(server, cookie, `/api/takings?date=${today}`);
  const deposits = booked.reduce((sum, { deposit }) => sum + deposit, 0);
  const counted = takings.fitters.reduce((sum, person) => sum + person.payments, 0);
  const takingsOk =
    counted === booked.length && takings.byMethod.online === deposits && takings.total === deposits;

  const listed = new Map<string, number>();
  for (const payment of takings.online.payments) {
    const key = payment.paymentIntent ?? `(none) ${payment.reference}`;
    listed.set(key, (listed.get(key) ?? 0) + 1);
  }
  const wanted = new Set(paymentIntents.values());
  const listedOk =
    takings.online.payments.length === 0 ||
    (listed.size === wanted.size && [...wanted].every((intent) => listed.get(intent) === 1));

  const check = await staffGet<Reconciliation>(server, cookie, `/api/payments/reconcile?date=${today}`);
  const reconciledOk =
    check.matched === booked.length && check.missingHere.length === 0 && check.missingAtStripe.length === 0;

  const bookings = await staffGet<Booking[]>(
    server,
    cookie,
    `/api/bookings?from=${today}&to=${addDays(today, 22)}`,
  );
  const byReference = new Map(bookings.map((booking) => [booking.reference, booking]));
  const paidBookings = booked.filter(({ reference, deposit }) => {
    const payment = byReference.get(reference)?.payment;
    return payment?.status === 'paid' && payment.paidPence === deposit;
  }).length;

  const ok = takingsOk && listedOk && reconciledOk && paidBookings === booked.length;
  console.log(
    [
      `  takings    ${counted} payments, £${(takings.byMethod.online / 100).toFixed(2)} online of £${(deposits / 100).toFixed(2)} in deposits` +
        (takings.online.payments.length === 0
          ? ' (the takings list no payments online one by one)'
          : `; ${takings.online.payments.length} listed online, ${listedOk ? 'each payment id once' : 'NOT each payment id once'}`),
      `  reconciled ${check.matched} matched with Stripe, ${check.missingHere.length} missing here, ${check.missingAtStripe.length} missing at Stripe`,
      `  bookings   ${paidBookings} of ${booked.length} paid their deposit: ${ok ? 'each payment recorded once' : 'MISMATCH'}`,
    ].join('\n'),
  );
  return ok;
}

function paymentsScenario(): Scenario {
  let standIn: StripeStandIn | undefined;
  return {
    defaultDuration: 10,
    defaultConnections: 10,
    async prepare() {
      standIn = await startStripeStandIn();
    },
    get env() {
      return { ...staffAccountEnv, ...standIn?.env() };
    },
    async run(server, settings) {
      const stand = standIn!;
      try {
        return await runPayments(server, settings, stand);
      } finally {
        await stand.close();
      }
    },
  } as Scenario & { defaultConnections: number };
}

async function runPayments(
  server: ServerProcess,
  settings: Settings,
  standIn: StripeStandIn,
): Promise<boolean> {
  const cookie = await signIn(server);
  await saveHourlyWindows(server, cookie);
  await askDeposits(server, cookie);
  const offered = await staffGet<ToldAvailabilityDay[]>(server, cookie, availabilityUrl);
  const slots = offered.flatMap((day) =>
    day.windows.map((window) => ({ date: day.date, start: window.start })),
  );
  const booked = await bookWithDeposits(server, slots);

  // Every session paid at Stripe: their events made, none sent yet.
  const sessions = new Map(
    [...standIn.sessions.values()].map((session) => [session.client_reference_id, session]),
  );
  const paid = booked.map(({ reference }) => {
    const session = sessions.get(reference);
    if (!session) throw new Error(`no Checkout Session at the stand-in for ${reference}`);
    return standIn.pay(session.id, { deliver: false });
  });
  const events = (await Promise.all(paid)).map((payment) => payment.event);
  const paymentIntents = new Map(
    events.map((event) => [event.data.object.id, event.data.object.payment_intent!]),
  );
  const stream = eventStream(standIn, events, Math.round(eventsPerSecond * settings.duration));
  console.log(
    `payments: ${booked.length} bookings with a deposit of £${(depositPence / 100).toFixed(2)}, paid at the stand-in; ` +
      `${stream.length} signed events to post at ${eventsPerSecond} a second`,
  );

  const posted = await postStream(server, settings, standIn, stream);
  const floor = await measureFloor(settings.connections, settings.duration, eventsPerSecond);
  console.log(floorLine(floor, ` paced at ${eventsPerSecond} req/s`));
  const answered = posted.latenciesMs.length;
  const ok2xx = [...posted.statuses]
    .filter(([status]) => status >= 200 && status < 300)
    .reduce((sum, [, n]) => sum + n, 0);
  // Against the floor at the same pace: at 200 a second on a 2-core machine the server answers
  // near its capacity (about 5 ms of CPU an event), so the tail is queueing and the paced floor's
  // own tail is noisy (p99 6.7 to 18 ms over three runs): the target is the median's, whose ratio
  // held (69x, 72x, 76x over three runs), and a third more.
  const compared = againstFloor(
    { rps: answered / settings.duration, ...percentilesOf(posted.latenciesMs) },
    floor,
    { p50: 96 },
  );
  // Keeping up: nine in ten of the events asked for answered within the run.
  const asked = eventsPerSecond * settings.duration;
  const keptUp = answered >= 0.9 * asked;
  console.log(
    [
      `POST ${webhookPath}: ${settings.connections} connections, ${settings.duration} s at ${eventsPerSecond} events a second`,
      `  events     ${answered} answered (${ok2xx} 2xx; ${[...posted.statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}), ${posted.result.errors} errors, ${posted.result.timeouts} timeouts; ` +
        `sent ${posted.sent.first} sessions' own, ${posted.sent.repeat} repeats of an earlier id, ${posted.sent.another} further events of sessions paid`,
      ...compared.lines,
      `  target     ${answered} of ${asked} events asked answered within the run (at least 90%): ${keptUp ? 'met' : 'NOT met'}`,
      ...cpuLines(posted.cpuMs, answered, floor, 'event'),
    ].join('\n'),
  );
  // Every session's own event once more (Stripe sending it again), which also makes sure of the
  // sessions whose event the run built but did not send before it stopped.
  let againRefused = 0;
  for (const event of events) {
    const body = eventBody(event);
    const again = await fetch(`${server.url}${webhookPath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature(standIn, body),
      },
      body,
    });
    await again.arrayBuffer();
    if (!again.ok) againRefused += 1;
  }
  console.log(`  again      each session's own event sent once more after the run: ${againRefused} not 2xx`);
  await untilQuiet(server, { quietSeconds: 1, limitSeconds: 30 });
  const recorded = await checkRecorded(server, cookie, booked, paymentIntents);
  return (
    recorded &&
    compared.met &&
    keptUp &&
    againRefused === 0 &&
    ok2xx === answered &&
    posted.result.errors === 0 &&
    posted.result.timeouts === 0
  );
}

export const payments = paymentsScenario();
