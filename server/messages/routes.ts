import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import * as z from 'zod/mini';
import type { MessagesStatus, TextReplies } from '#common/messages/replies.ts';
import { eq, or } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { textMessages } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { idQueryParam, parseBody, parseQuery } from '../http/params.ts';
import { serviceChecksOf } from '../db/service-checks.ts';
import { recordTextStatus, textStatusOf } from './outbox-texts.ts';
import { countUnreadReplies, listReplies, markRepliesRead, receiveReply, textThread } from './replies.ts';
import { twilioService } from './texts-task.ts';
import { twilioAccess, type Twilio } from './twilio.ts';
import type { Config } from '../config.ts';

export type MessagesDependencies = {
  db: Database;
  /** Twilio while texts are set up, else null. */
  twilio: Twilio | null;
  /** The site's origin, as Twilio is told to call it: the signed URL starts with it. */
  publicUrl: string;
};

export const messagesDependencies = (
  config: Pick<Config, 'twilio' | 'publicUrl'>,
  db: Database,
): MessagesDependencies => ({
  db,
  twilio: twilioAccess(config.twilio),
  publicUrl: config.publicUrl,
});

/** Twilio's requests are small forms; a reply is at most 1,600 characters. */
const formBodyLimit = '20kb';

/** The answer Twilio takes as "nothing to send back" (Twilio itself confirms a STOP). */
const emptyTwiml = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * What Twilio calls (public, each checked by its `X-Twilio-Signature` over the URL Twilio was
 * given and the form it sends; 403 when it does not match): POST /sms/twilio, a customer's reply;
 * POST /sms/twilio/status, what became of a text sent. 404 while texts are not set up.
 */
export function twilioWebhooksRouter(deps: MessagesDependencies): Router {
  const router = Router();
  const form = express.urlencoded({ extended: false, limit: formBodyLimit });
  router.post('/sms/twilio', form, signedByTwilio(deps), reply(deps));
  router.post('/sms/twilio/status', form, signedByTwilio(deps), deliveryStatus(deps));
  return router;
}

function signedByTwilio(deps: MessagesDependencies): RequestHandler {
  return (req, _res, next) => {
    if (!deps.twilio) throw new HttpError(404, 'Texts are not set up.');
    const params = Object.fromEntries(
      Object.entries((req.body ?? {}) as Record<string, unknown>).map(([name, value]) => [
        name,
        String(value),
      ]),
    );
    const url = `${deps.publicUrl}${req.originalUrl}`;
    if (!deps.twilio.signed({ url, params, signature: req.get('x-twilio-signature') })) {
      req.log.warn({ url }, 'Twilio request refused: its signature does not match');
      throw new HttpError(403, 'The Twilio signature does not match this request.');
    }
    req.body = params;
    next();
  };
}

const replySchema = z.object({
  From: z.string().check(z.regex(/^\+\d{8,15}$/)),
  Body: z._default(z.string(), ''),
  MessageSid: z.string().check(z.minLength(10)),
});

/** POST /sms/twilio: a customer's text. */
function reply({ db }: MessagesDependencies) {
  return async (req: Request, res: Response) => {
    const { From, Body, MessageSid } = parseBody(replySchema, req.body);
    const outcome = await receiveReply(db, { phone: From, body: Body, providerId: MessageSid });
    req.log.info({ outcome }, 'text received');
    res.type('text/xml').send(emptyTwiml);
  };
}

const statusSchema = z.object({
  MessageSid: z.string().check(z.minLength(10)),
  MessageStatus: z.string(),
  ErrorCode: z.optional(z.string()),
});

/** POST /sms/twilio/status: a text's delivery, as Twilio learns it. */
function deliveryStatus({ db }: MessagesDependencies) {
  return async (req: Request, res: Response) => {
    const { MessageSid, MessageStatus, ErrorCode } = parseBody(statusSchema, req.body);
    const status = textStatusOf(MessageStatus);
    if (status) {
      const code = ErrorCode && /^\d+$/.test(ErrorCode) ? Number(ErrorCode) : null;
      const known = await recordTextStatus(db, { providerId: MessageSid, status, errorCode: code });
      if (!known) req.log.warn({ status: MessageStatus }, 'delivery of a text not known here');
    }
    res.status(204).end();
  };
}

const repliesQuerySchema = z.object({ unread: z.optional(z.enum(['1', '0'])) });
const readSchema = z.object({
  ids: z.optional(z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(500))),
  bookingId: z.optional(z.number().check(z.int(), z.positive())),
  enquiryId: z.optional(z.number().check(z.int(), z.positive())),
});
const threadQuerySchema = z.object({
  booking: z.optional(idQueryParam('booking must be a booking’s id')),
  enquiry: z.optional(idQueryParam('enquiry must be an enquiry’s id')),
});

/**
 * The texts, for staff (under /api): GET /messages/status, whether texts are set up and how
 * Twilio last answered (fitters too); GET /messages/replies (?unread=1), the customers' replies and the unread
 * count; POST /messages/replies/read, replies read (by id, or all of a booking's or enquiry's);
 * GET /messages/texts?booking=|enquiry=, a booking's or enquiry's texts, both ways, oldest first.
 */
export function messagesRouter(
  deps: MessagesDependencies,
  { requireUser, requireAnyUser }: { requireUser: RequestHandler; requireAnyUser: RequestHandler },
): Router {
  const router = Router();
  // Fitters too: My jobs offers to text the card payment link only while texts are set up.
  router.get('/messages/status', requireAnyUser, async (_req, res) => {
    const [check] = await serviceChecksOf(deps.db, [twilioService]);
    const { service: _service, ...last } = check!;
    res.json({ configured: deps.twilio !== null, ...last } satisfies MessagesStatus);
  });
  router.use('/messages', requireUser);
  router.get('/messages/replies', async (req, res) => {
    const { unread } = parseQuery(repliesQuerySchema, req);
    const [replies, count] = await Promise.all([
      listReplies(deps.db, { unread: unread === '1' }),
      countUnreadReplies(deps.db),
    ]);
    res.json({ unread: count, replies } satisfies TextReplies);
  });
  router.post('/messages/replies/read', async (req, res) => {
    const which = parseBody(readSchema, req.body ?? {});
    const read = await markRepliesRead(deps.db, which);
    res.json({ read, unread: await countUnreadReplies(deps.db) });
  });
  router.get('/messages/texts', async (req, res) => {
    const { booking, enquiry } = parseQuery(threadQuerySchema, req);
    if (booking === undefined && enquiry === undefined)
      throw new HttpError(400, 'Name a booking or an enquiry.');
    const which = or(
      booking !== undefined ? eq(textMessages.bookingId, booking) : undefined,
      enquiry !== undefined ? eq(textMessages.enquiryId, enquiry) : undefined,
    )!;
    res.json({ texts: await textThread(deps.db, which) });
  });
  return router;
}
