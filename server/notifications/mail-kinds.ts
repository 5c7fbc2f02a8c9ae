import type { z } from 'zod';
import type { NotificationAddresses } from './addresses.ts';
import type { Mail } from './mailer.ts';
import type { OutboxMessage } from './outbox.ts';

/**
 * What a message's e-mail is written with: the business as published when it is written, and
 * what the outbox adds of its own.
 */
type MailContext = NotificationAddresses & {
  /** The site's origin, which every link in an e-mail starts with. */
  publicUrl: string;
  /** The host named in each Message-ID (the public URL's). */
  messageDomain: string;
  /** The message's row: with its kind it makes each Message-ID its own. */
  outboxId: number;
};

type MailAttachment = NonNullable<Mail['attachments']>[number];

/**
 * How a domain writes the e-mails of the messages it puts in the outbox: their kinds, the shape
 * of what it stores for each (checked again when read back, as any stored JSON is), and the e-mail.
 */
type MailKindsOf<Message extends { kind: string }> = {
  kinds: readonly Message['kind'][];
  schema: z.ZodType<Message, unknown>;
  write(message: Message, context: MailContext): Mail;
  /** Files the e-mail carries when it is sent (an owner reading it while it waits sees none). */
  attachments?(message: Message): Promise<MailAttachment[]>;
};

/** A stored message read back by its domain's mail kinds: ready to be written as an e-mail. */
export type ReadMessage = {
  write(context: MailContext): Mail;
  attachments(): Promise<MailAttachment[]>;
};

/** A domain's mail kinds, as the outbox holds them: each kind's stored payload read into a message. */
type MailKinds = {
  kinds: readonly string[];
  read(payload: unknown): { message: ReadMessage } | { problem: string };
};

export function mailKinds<Message extends { kind: string }>(definition: MailKindsOf<Message>): MailKinds {
  return {
    kinds: definition.kinds,
    read(payload) {
      const parsed = definition.schema.safeParse(payload);
      if (!parsed.success) {
        // Where the payload is wrong, never what it holds: the error is stored and may be logged.
        const paths = parsed.error.issues.map((issue) => issue.path.join('.') || '(the whole payload)');
        return { problem: `not of its kind at ${[...new Set(paths)].join(', ')}` };
      }
      const message = parsed.data;
      return {
        message: {
          write: (context) => definition.write(message, context),
          attachments: async () => (await definition.attachments?.(message)) ?? [],
        },
      };
    },
  };
}

/** A stored message no domain can read: of an unknown kind, or not of the shape of its kind. */
export class UnreadableMessageError extends Error {
  override name = 'UnreadableMessageError';
}

/**
 * Every kind of message the outbox holds, each read and written by the domain that stores it:
 * put together where the app is (the outbox stores and sends, and knows no domain).
 */
export type OutboxMails = {
  /** The message of a stored row; throws UnreadableMessageError when no domain can read it. */
  read(message: Pick<OutboxMessage, 'kind' | 'payload'>): ReadMessage;
};

export function outboxMails(domains: readonly MailKinds[]): OutboxMails {
  const byKind = new Map<string, MailKinds>();
  for (const domain of domains) {
    for (const kind of domain.kinds) {
      if (byKind.has(kind)) throw new Error(`Two domains write the e-mails of kind ${kind}.`);
      byKind.set(kind, domain);
    }
  }
  return {
    read({ kind, payload }) {
      const domain = byKind.get(kind);
      if (!domain) throw new UnreadableMessageError(`No e-mail is written for messages of kind ${kind}.`);
      // The payload names its kind too (as stored since the outbox began): both must agree.
      const storedKind =
        typeof payload === 'object' && payload !== null && 'kind' in payload ? payload.kind : null;
      if (storedKind !== kind)
        throw new UnreadableMessageError(`The ${kind} message's payload is of kind ${String(storedKind)}.`);
      const read = domain.read(payload);
      if ('problem' in read) throw new UnreadableMessageError(`The ${kind} message is ${read.problem}.`);
      return read.message;
    },
  };
}

/** The context of the message in row `outboxId`, with the business's details as published now. */
export function mailContext(
  addresses: NotificationAddresses,
  publicUrl: string,
  outboxId: number,
): MailContext {
  return { ...addresses, publicUrl, messageDomain: new URL(publicUrl).hostname, outboxId };
}
