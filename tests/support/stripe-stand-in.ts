import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { parseStripeForm, type FormObject } from './stripe-form.ts';
import { invalidRequest } from './stripe-stand-in-checks.ts';
import { stripeId, unixSeconds, type StandInEvent } from './stripe-stand-in-objects.ts';
import { checkoutPage, notFoundPage } from './stripe-stand-in-page.ts';
import { standInStore, type Answer } from './stripe-stand-in-store.ts';

export type {
  StandInCharge,
  StandInEvent,
  StandInRefund,
  StandInSession,
} from './stripe-stand-in-objects.ts';

/**
 * A stand-in of Stripe on localhost, for tests and browser journeys: the product's own `stripe`
 * library talks to it (STRIPE_API_URL), so no test reaches the network. It keeps Checkout
 * Sessions, payments and refunds in memory, answers in Stripe's shapes, checks what the product
 * must send (stripe-stand-in-checks.ts), honours `Idempotency-Key`, serves a hosted checkout page
 * (GET /pay/{id}) and sends signed events to the product's webhook as Stripe does.
 *
 * Times in objects come from `now` (default: the clock); the webhook signature's timestamp is
 * the real time of sending unless told, as the receiver checks it against its own clock.
 */
export type StandInOptions = {
  webhookSecret?: string;
  webhookUrl?: string;
  now?: () => Date;
  secretKey?: string;
  /** The port to listen on (default: any free one). */
  port?: number;
  /**
   * Whether `charge.refunded` carries the charge's `refunds` list (default true). Stripe's API
   * versions since 2022-11-15 leave it out (it is only there when expanded, which an event never
   * is): false sends the event as Stripe does.
   */
  chargeRefundsInEvents?: boolean;
};

export type LoggedRequest = {
  method: string;
  path: string;
  query: FormObject;
  body: FormObject;
  headers: http.IncomingHttpHeaders;
};

/** What the product's webhook answered to an event: its HTTP status and body. */
export type Delivery = { status: number; body: string };

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startStripeStandIn(options: StandInOptions = {}) {
  const now = options.now ?? (() => new Date());
  const secretKey = options.secretKey ?? stripeId('sk_test_standin');
  const webhookSecret = options.webhookSecret ?? stripeId('whsec_standin');
  let webhookUrl = options.webhookUrl;
  const requests: LoggedRequest[] = [];
  const events: { event: StandInEvent; delivery: Delivery | null }[] = [];
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const inFlight = new Set<Promise<unknown>>();
  let url = '';
  const store = standInStore(now, () => url, options.chargeRefundsInEvents ?? true);
  const { sessions, lines, charges, refunds, event } = store;

  function signed(payload: StandInEvent, signing: { timestamp?: number; secret?: string } = {}) {
    const body = JSON.stringify(payload, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: signing.secret ?? webhookSecret,
      timestamp: signing.timestamp ?? unixSeconds(new Date()),
    });
    return { body, header };
  }

  /** POSTs `payload` signed to the webhook (as Stripe does) and answers what the product said. */
  async function deliver(
    payload: StandInEvent,
    signing: { timestamp?: number; secret?: string; url?: string } = {},
  ): Promise<Delivery> {
    const target = signing.url ?? webhookUrl;
    if (!target) throw new Error('the Stripe stand-in has no webhookUrl to deliver to');
    const { body, header } = signed(payload, signing);
    const response = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
      body,
    });
    const delivery = { status: response.status, body: await response.text() };
    events.push({ event: payload, delivery });
    return delivery;
  }

  /**
   * Delivers when a webhook is set; keeps the event in `events` either way. A webhook that cannot
   * be reached answers status 0 (Stripe would try again later; the stand-in does not).
   */
  async function deliverIfListening(payload: StandInEvent, wanted = true): Promise<Delivery | null> {
    if (!wanted || !webhookUrl) {
      events.push({ event: payload, delivery: null });
      return null;
    }
    try {
      return await deliver(payload);
    } catch (error) {
      const delivery = { status: 0, body: error instanceof Error ? error.message : String(error) };
      events.push({ event: payload, delivery });
      return delivery;
    }
  }

  /** Track a delivery sent after an answer, so that `settled()` can wait for it. */
  const track = (work: Promise<unknown>) => {
    const tracked = work.catch(() => undefined).finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  function send(response: http.ServerResponse, answer: Answer, headers: Record<string, string>) {
    response.writeHead(answer.status, {
      'content-type': 'application/json',
      'stripe-version': Stripe.API_VERSION,
      ...headers,
    });
    response.end(JSON.stringify(answer.json));
  }

  async function handleApi(request: http.IncomingMessage, response: http.ServerResponse, target: URL) {
    const raw = await readBody(request);
    const method = request.method ?? 'GET';
    const query = parseStripeForm(target.search.slice(1));
    const form = parseStripeForm(raw);
    requests.push({ method, path: target.pathname, query, body: form, headers: request.headers });
    const requestId = stripeId('req', 14);
    const key =
      typeof request.headers['idempotency-key'] === 'string' ? request.headers['idempotency-key'] : null;
    const headers: Record<string, string> = {
      'request-id': requestId,
      ...(key !== null && { 'idempotency-key': key }),
    };
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      const given = request.headers.authorization?.replace(/^Bearer\s+/, '') ?? '';
      const message = given
        ? `Invalid API Key provided: ${given.slice(0, 8)}${'*'.repeat(Math.max(0, given.length - 12))}${given.slice(-4)}`
        : "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').";
      const refused = { status: 401, json: invalidRequest(message, undefined, 'api_key_invalid') };
      return send(response, refused, headers);
    }
    const fingerprint = `${method} ${target.pathname} ${raw}`;
    const earlier = method === 'POST' && key !== null ? idempotent.get(key) : undefined;
    if (earlier) {
      if (earlier.fingerprint === fingerprint)
        return send(response, earlier.answer, { ...headers, 'idempotent-replayed': 'true' });
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`;
      return send(
        response,
        { status: 400, json: { error: { type: 'idempotency_error', message } } },
        headers,
      );
    }
    const answer = store.answer(method, target.pathname, query, form, requestId, key);
    // Stripe keeps the result of a request that ran, not of one refused before it ran (a bad parameter).
    if (method === 'POST' && key !== null && answer.status < 400)
      idempotent.set(key, {
        fingerprint,
        answer: { status: answer.status, json: structuredClone(answer.json) },
      });
    send(response, answer, headers);
    if (answer.event) track(deliverIfListening(answer.event));
  }

  async function handlePage(request: http.IncomingMessage, response: http.ServerResponse, id: string) {
    await readBody(request);
    const session = sessions.get(id);
    if (!session) {
      response.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return response.end(notFoundPage());
    }
    if (request.method === 'POST' && session.status === 'open') {
      await pay(id);
      const success = (session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', id);
      response.writeHead(303, { location: success });
      return response.end();
    }
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(checkoutPage(session, lines.get(id) ?? []));
  }

  /** A customer pays a session: it completes, and `checkout.session.completed` is delivered. */
  async function pay(id: string, payOptions: { deliver?: boolean } = {}) {
    const paid = store.markPaid(id);
    const delivery = await deliverIfListening(paid.event, payOptions.deliver ?? true);
    return { ...paid, status: delivery?.status ?? null, body: delivery?.body ?? null };
  }

  const server = http.createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://stand-in');
    const page = /^\/pay\/([^/]+)$/.exec(target.pathname);
    const work = page
      ? handlePage(request, response, decodeURIComponent(page[1]!))
      : handleApi(request, response, target);
    work.catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    secretKey,
    webhookSecret,
    get webhookUrl() {
      return webhookUrl;
    },
    set webhookUrl(value: string | undefined) {
      webhookUrl = value;
    },
    /** The settings a server process needs to reach this stand-in. */
    env: () => ({ STRIPE_API_URL: url, STRIPE_SECRET_KEY: secretKey, STRIPE_WEBHOOK_SECRET: webhookSecret }),
    /** A `stripe` client of this stand-in, configured as the product configures its own. */
    client: () =>
      new Stripe(secretKey, {
        host: '127.0.0.1',
        port: Number(new URL(url).port),
        protocol: 'http',
        maxNetworkRetries: 1,
        telemetry: false,
      }),
    sessions,
    charges,
    refunds,
    requests,
    /** Every event made, in order, with what the webhook answered (null: not delivered). */
    events,
    pay,
    /** A session runs out (or is expired by hand): `checkout.session.expired` is delivered. */
    async expire(id: string) {
      const expired = store.markExpired(id);
      const delivery = await deliverIfListening(expired.event);
      return { ...expired, status: delivery?.status ?? null, body: delivery?.body ?? null };
    },
    /**
     * Expires every open session whose `expires_at` has come (by `now`), as Stripe does, each
     * event delivered in turn; answers the sessions' ids.
     */
    async expireDue() {
      const due = [...sessions.values()].filter(
        (session) => session.status === 'open' && session.expires_at <= unixSeconds(now()),
      );
      for (const session of due) await deliverIfListening(store.markExpired(session.id).event);
      return due.map((session) => session.id);
    },
    /** While set, every refund is refused with this reason (Stripe's words), as Stripe refuses one. */
    refuseRefunds(reason: string | null, code = 'charge_already_refunded') {
      store.refuseRefunds(reason, code);
    },
    event,
    signed,
    deliver,
    /** Waits for the events sent after answers (a refund's `charge.refunded`) to be delivered. */
    async settled() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
    async close() {
      await Promise.all([...inFlight]);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
