import { Router, type Request, type RequestHandler, type Response } from 'express';
import * as z from 'zod/mini';
import {
  mailNotConfiguredMessage,
  messageNotWaitingMessage,
  unreadableMessageSubject,
  type WaitingMessage,
  type WaitingMessages,
} from '#common/notifications/outbox.ts';
import { recordStaffActivity } from '../activity/service.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../http/errors.ts';
import { idParam, parseQuery } from '../http/params.ts';
import { requireOwner } from '../http/roles.ts';
import type { NotificationAddresses } from './addresses.ts';
import { mailContext, UnreadableMessageError, type OutboxMails } from './mail-kinds.ts';
import {
  discardWaitingNotification,
  listWaitingNotifications,
  sendWaitingNotification,
  type WaitingNotification,
} from './outbox.ts';

type OutboxDependencies = {
  db: Database;
  /** A mail server is configured (SMTP_URL): only then can a waiting message be sent. */
  mailConfigured: boolean;
  addresses: () => Promise<NotificationAddresses>;
  publicUrl: string;
  /** How each kind of message is read and written, by the domain that stores it. */
  mails: OutboxMails;
  /** Tells the outbox worker a message is due. */
  wake: () => void;
};

/**
 * The e-mails that wait for an owner (no mail server was set up, or they were too old to send
 * unasked once one was): read, send or discard. Owners only: the messages hold customers' details.
 * The activity log records which message, never what it said.
 */
export function outboxRouter(deps: OutboxDependencies, requireUser: RequestHandler): Router {
  const router = Router();
  router.use('/outbox', requireUser, requireOwner);
  router.get('/outbox', listWaitingMessages(deps));
  router.post('/outbox/:id/send', sendWaitingMessage(deps));
  router.post('/outbox/:id/discard', discardWaitingMessage(deps));
  return router;
}

/** A waiting message as an owner reads it; one no domain can read still shows, to be discarded. */
function waitingMessage(
  { mails, publicUrl }: OutboxDependencies,
  { id, kind, payload, createdAt, waitingSince }: WaitingNotification,
  addresses: NotificationAddresses,
): WaitingMessage {
  const times = { createdAt, waitingSince };
  try {
    const mail = mails.read({ kind, payload }).write(mailContext(addresses, publicUrl, id));
    return { id, kind, to: mail.to, subject: mail.subject, body: mail.text, ...times };
  } catch (error) {
    if (!(error instanceof UnreadableMessageError)) throw error;
    return { id, kind, to: '', subject: unreadableMessageSubject, body: error.message, ...times };
  }
}

const waitingQuerySchema = z.object({ status: z.literal('waiting', 'Ask for ?status=waiting.') });

const messageId = (req: Request) => idParam(req, 'Not a message id.');

/** GET /outbox?status=waiting: the messages that wait, as they would be sent, and whether they can be. */
function listWaitingMessages(deps: OutboxDependencies) {
  return async (req: Request, res: Response) => {
    parseQuery(waitingQuerySchema, req);
    const addresses = await deps.addresses();
    const answer: WaitingMessages = {
      mailConfigured: deps.mailConfigured,
      messages: (await listWaitingNotifications(deps.db)).map((waiting) =>
        waitingMessage(deps, waiting, addresses),
      ),
    };
    res.json(answer);
  };
}

/** POST /outbox/{id}/send: the waiting message sent now (409 without a mail server). */
function sendWaitingMessage({ db, mailConfigured, wake }: OutboxDependencies) {
  return async (req: Request, res: Response) => {
    const id = messageId(req);
    if (!mailConfigured) throw new HttpError(409, mailNotConfiguredMessage);
    if (!(await sendWaitingNotification(db, id))) throw new HttpError(404, messageNotWaitingMessage);
    await recordStaffActivity(db, req, { kind: 'outbox-sent', target: `message ${id}` });
    wake();
    res.json({ id, status: 'sending' });
  };
}

/** POST /outbox/{id}/discard: the waiting message dropped unsent. */
function discardWaitingMessage({ db }: OutboxDependencies) {
  return async (req: Request, res: Response) => {
    const id = messageId(req);
    if (!(await discardWaitingNotification(db, id))) throw new HttpError(404, messageNotWaitingMessage);
    await recordStaffActivity(db, req, { kind: 'outbox-discarded', target: `message ${id}` });
    res.json({ id, status: 'discarded' });
  };
}
