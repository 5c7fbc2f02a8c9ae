import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { twilioSignature } from '#server/messages/twilio.ts';

/**
 * A stand-in of Twilio's Programmable Messaging on localhost, for tests and browser journeys: the
 * product reaches it through TWILIO_API_URL, so no test reaches the network. It answers the two
 * requests the product makes, in the shapes of Twilio's API reference (the Message resource, a
 * page of them, and its error object), checks each (HTTP basic authentication with the account SID
 * and auth token, the fields and their forms), keeps the texts it accepted, and makes Twilio's own
 * requests to the product: a customer's reply and a text's delivery status, each signed with the
 * auth token over the URL Twilio was given, as Twilio signs them.
 */

export type StandInText = {
  sid: string;
  to: string;
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
  status: string;
  statusCallback: string | null;
  errorCode: number | null;
  dateCreated: Date;
};

export type TwilioRequest = { method: string; path: string; query: URLSearchParams; form: URLSearchParams };

export type TwilioStandIn = Awaited<ReturnType<typeof startTwilioStandIn>>;

export const standInAccountSid = `AC${'a1'.repeat(16)}`;
export const standInAuthToken = '0123456789abcdef'.repeat(2);
export const standInFrom = '+447700900999';

const sidOf = (prefix: string) => prefix + crypto.randomBytes(16).toString('hex');

/** A date as Twilio's API writes it (RFC 2822). */
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

const readBody = (request: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });

export async function startTwilioStandIn({
  port = 0,
  accountSid = standInAccountSid,
  authToken = standInAuthToken,
}: { port?: number; accountSid?: string; authToken?: string } = {}) {
  const texts: StandInText[] = [];
  const requests: TwilioRequest[] = [];
  /** Answers given instead of the next ones (a refusal, Twilio down). */
  const failures: { status: number; code: number; message: string }[] = [];
  const messagesPath = `/2010-04-01/Accounts/${accountSid}/Messages.json`;
  const expectedAuthorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  function messageResource(text: StandInText) {
    return {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: text.body,
      date_created: rfc2822(text.dateCreated),
      date_sent: null,
      date_updated: rfc2822(text.dateCreated),
      direction: 'outbound-api',
      error_code: text.errorCode,
      error_message: null,
      from: text.from ?? standInFrom,
      messaging_service_sid: text.messagingServiceSid,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'GBP',
      sid: text.sid,
      status: text.status,
      subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}/Media.json` },
      to: text.to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${text.sid}.json`,
    };
  }

  const error = (response: http.ServerResponse, status: number, code: number, message: string) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }),
    );
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const form = new URLSearchParams(await readBody(request));
    requests.push({ method: request.method ?? 'GET', path: url.pathname, query: url.searchParams, form });
    if (url.pathname !== messagesPath)
      return error(response, 404, 20404, 'The requested resource was not found');
    if (request.headers.authorization !== expectedAuthorization)
      return error(response, 401, 20003, 'Authenticate');
    const failure = failures.shift();
    if (failure) return error(response, failure.status, failure.code, failure.message);
    if (request.method === 'GET') {
      const to = url.searchParams.get('To');
      const since = url.searchParams.get('DateSent>');
      const listed = texts
        .filter(
          (text) =>
            (!to || text.to === to) && (!since || text.dateCreated.toISOString().slice(0, 10) >= since),
        )
        .reverse();
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({
          messages: listed.map(messageResource),
          start: 0,
          end: Math.max(0, listed.length - 1),
          page: 0,
          page_size: Number(url.searchParams.get('PageSize') ?? 50),
          first_page_uri: `${messagesPath}?PageSize=50&Page=0`,
          next_page_uri: null,
          previous_page_uri: null,
          uri: `${messagesPath}?${url.searchParams.toString()}`,
        }),
      );
    }
    if (request.method !== 'POST') return error(response, 405, 20004, 'Method not allowed');
    const to = form.get('To') ?? '';
    const body = form.get('Body') ?? '';
    if (!/^\+[1-9]\d{6,14}$/.test(to))
      return error(response, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (body === '') return error(response, 400, 21602, 'Message body is required.');
    if (body.length > 1600)
      return error(response, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (!form.get('From') && !form.get('MessagingServiceSid'))
      return error(
        response,
        400,
        21603,
        "A 'From' or 'MessagingServiceSid' parameter is required to send a message.",
      );
    const text: StandInText = {
      sid: sidOf('SM'),
      to,
      from: form.get('From'),
      messagingServiceSid: form.get('MessagingServiceSid'),
      body,
      status: 'queued',
      statusCallback: form.get('StatusCallback'),
      errorCode: null,
      dateCreated: new Date(),
    };
    texts.push(text);
    response.writeHead(201, { 'content-type': 'application/json' });
    response.end(JSON.stringify(messageResource(text)));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /**
   * Twilio's request to the product: the form posted to `deliverTo` (where the product listens),
   * signed over `signedUrl` (the URL Twilio was given, under the product's PUBLIC_URL).
   */
  async function post(
    signedUrl: string,
    deliverTo: string,
    params: Record<string, string>,
    { signature = twilioSignature(authToken, signedUrl, params) }: { signature?: string } = {},
  ) {
    const answer = await fetch(deliverTo, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
      body: new URLSearchParams(params).toString(),
    });
    return { status: answer.status, body: await answer.text() };
  }

  return {
    origin,
    texts,
    requests,
    env: () => ({
      TWILIO_ACCOUNT_SID: accountSid,
      TWILIO_AUTH_TOKEN: authToken,
      TWILIO_FROM: standInFrom,
      TWILIO_API_URL: origin,
    }),
    /** The next request to send a text is refused so (a 400 of Twilio's, say, or a 503). */
    failNext(status: number, code: number, message: string) {
      failures.push({ status, code, message });
    },
    /**
     * The text's status changes and Twilio calls its StatusCallback (at `deliverTo`'s origin
     * instead of the URL's, which names the product's public address).
     */
    async deliver(
      sid: string,
      status: 'sent' | 'delivered' | 'undelivered' | 'failed',
      { deliverTo, errorCode }: { deliverTo: string; errorCode?: number },
    ) {
      const text = texts.find((each) => each.sid === sid)!;
      text.status = status;
      text.errorCode = errorCode ?? null;
      const callback = new URL(text.statusCallback!);
      return post(text.statusCallback!, `${deliverTo}${callback.pathname}`, {
        AccountSid: accountSid,
        ApiVersion: '2010-04-01',
        From: text.from ?? standInFrom,
        MessageSid: sid,
        MessageStatus: status,
        SmsSid: sid,
        SmsStatus: status,
        To: text.to,
        ...(errorCode !== undefined && { ErrorCode: String(errorCode) }),
      });
    },
    /** A customer's text to the business's number, as Twilio posts it to the product's webhook. */
    reply(
      from: string,
      body: string,
      { publicUrl, deliverTo, signature }: { publicUrl: string; deliverTo: string; signature?: string },
    ) {
      const sid = sidOf('SM');
      return post(
        `${publicUrl}/api/sms/twilio`,
        `${deliverTo}/api/sms/twilio`,
        {
          AccountSid: accountSid,
          ApiVersion: '2010-04-01',
          Body: body,
          From: from,
          MessageSid: sid,
          NumMedia: '0',
          NumSegments: '1',
          SmsMessageSid: sid,
          SmsSid: sid,
          SmsStatus: 'received',
          To: standInFrom,
        },
        signature === undefined ? {} : { signature },
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
