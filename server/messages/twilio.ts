import crypto from 'node:crypto';
import type { Config } from '../config.ts';

/**
 * Twilio's Programmable Messaging, through its documented REST API (2010-04-01): the one place
 * the product reaches it. Off (null) until the account SID, auth token and sender are set.
 * `TWILIO_API_URL` points it elsewhere (a stand-in in tests). A few form-encoded requests are all
 * the product asks, so no library is carried for them.
 */
export type Twilio = {
  /** Sends a text; Twilio's answer, or a TwilioError. */
  send(text: { to: string; body: string; statusCallback: string }): Promise<TwilioMessage>;
  /** The texts sent to `to` on or after `since`'s day (Twilio filters by the day in UTC), newest first. */
  sentTo(to: string, since: Date): Promise<TwilioMessage[]>;
  /** Whether a request Twilio made (a reply, a status) carries its signature. */
  signed(request: { url: string; params: Record<string, string>; signature: string | undefined }): boolean;
};

/** What Twilio answers of a message (its Message resource, the fields the product reads). */
export type TwilioMessage = {
  sid: string;
  to: string;
  body: string;
  status: string;
  error_code: number | null;
  date_created: string;
};

/**
 * Twilio's refusal or failure to answer: `status` is the HTTP status (0 when it did not answer),
 * `code` Twilio's error code (21211: not a valid number, 21610: the number replied STOP).
 */
export class TwilioError extends Error {
  override name = 'TwilioError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message);
  }

  /** A refusal asking again will not change (a bad number, an opted-out one); not a 429 or a 5xx. */
  get final(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

/** Twilio answers in well under this; a slower answer is tried again later. */
const twilioTimeoutMs = 10_000;

export function twilioAccess(config: Config['twilio']): Twilio | null {
  if (!config) return null;
  const { accountSid, authToken, from, apiUrl } = config;
  const messages = `${apiUrl}/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  async function call(url: string, init: RequestInit = {}): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        headers: { ...init.headers, authorization, accept: 'application/json' },
        signal: AbortSignal.timeout(twilioTimeoutMs),
      });
    } catch (error) {
      throw new TwilioError(
        `Twilio did not answer: ${error instanceof Error ? error.message : String(error)}`,
        0,
        null,
      );
    }
    const body = (await response.json().catch(() => null)) as { code?: number; message?: string } | null;
    if (!response.ok) {
      throw new TwilioError(
        body?.message ?? `Twilio answered ${response.status}`,
        response.status,
        typeof body?.code === 'number' ? body.code : null,
      );
    }
    return body;
  }

  return {
    async send({ to, body, statusCallback }) {
      const form = new URLSearchParams({ To: to, Body: body, StatusCallback: statusCallback });
      // A messaging service (MG…) picks its own sender from its pool; a number sends as itself.
      form.set(from.startsWith('MG') ? 'MessagingServiceSid' : 'From', from);
      return (await call(messages, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      })) as TwilioMessage;
    },
    async sentTo(to, since) {
      const query = new URLSearchParams({
        To: to,
        'DateSent>': since.toISOString().slice(0, 10),
        PageSize: '50',
      });
      const page = (await call(`${messages}?${query.toString()}`)) as { messages?: TwilioMessage[] };
      return page.messages ?? [];
    },
    signed: ({ url, params, signature }) => validTwilioSignature(authToken, url, params, signature),
  };
}

/**
 * Twilio's request signature: HMAC-SHA1, keyed with the auth token, of the full URL Twilio asked
 * followed by each POST parameter's name and value, sorted by name; base64. Compared in constant
 * time.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = Object.keys(params)
    .sort()
    .reduce((signed, name) => signed + name + params[name], url);
  return crypto.createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function validTwilioSignature(
  authToken: string,
  url: string,
  params: Record<string, string>,
  signature: string | undefined,
): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
