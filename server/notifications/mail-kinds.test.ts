import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import { defaultCustomerEmails } from '#common/site-content/site-content.ts';
import { mailContext, mailKinds, outboxMails, UnreadableMessageError } from './mail-kinds.ts';

// The outbox reads each stored message through the mail kinds its domain registered, and knows
// no domain itself: a stand-in domain here.
type ParcelMessage = { kind: 'parcel-sent' | 'parcel-lost'; parcel: { id: number; email: string } };

const parcelMails = mailKinds<ParcelMessage>({
  kinds: ['parcel-sent', 'parcel-lost'],
  schema: z.object({
    kind: z.enum(['parcel-sent', 'parcel-lost']),
    parcel: z.object({ id: z.number(), email: z.string() }),
  }),
  write: ({ kind, parcel }, context) => ({
    from: context.from,
    to: parcel.email,
    subject: `Parcel ${parcel.id}: ${kind}`,
    text: `From ${context.business.companyName}`,
    messageId: `<parcel-${parcel.id}.outbox-${context.outboxId}@${context.messageDomain}>`,
  }),
  attachments: async ({ parcel }) => [
    { filename: `${parcel.id}.txt`, content: 'label', contentType: 'text/plain' },
  ],
});

const context = mailContext(
  {
    from: 'Website <website@example.com>',
    to: 'staff@example.com',
    business: {
      companyName: 'Test Tyres',
      phone: '01708555000',
      formattedPhone: '01708 555 000',
      email: 'office@example.com',
    },
    customerEmails: defaultCustomerEmails,
    branches: [],
    noticeHours: 4,
    reminders: defaultReminderSettings,
    tyreService: null,
  },
  'https://tyres.example.com',
  42,
);

const mails = outboxMails([parcelMails]);
const parcel = { id: 7, email: 'sam@example.com' };

describe('the outbox’s mail kinds', () => {
  it('write a stored message with its domain’s writer, in the context of its row', async () => {
    const message = mails.read({ kind: 'parcel-sent', payload: { kind: 'parcel-sent', parcel } });
    expect(message.write(context)).toMatchObject({
      to: 'sam@example.com',
      subject: 'Parcel 7: parcel-sent',
      text: 'From Test Tyres',
      messageId: '<parcel-7.outbox-42@tyres.example.com>',
    });
    expect(await message.attachments()).toEqual([
      { filename: '7.txt', content: 'label', contentType: 'text/plain' },
    ]);
  });

  it('refuse a message of a kind no domain registered', () => {
    expect(() => mails.read({ kind: 'parcel-found', payload: { kind: 'parcel-found', parcel } })).toThrow(
      new UnreadableMessageError('No e-mail is written for messages of kind parcel-found.'),
    );
  });

  it('refuse a payload that names another kind, or none', () => {
    expect(() => mails.read({ kind: 'parcel-sent', payload: { kind: 'parcel-lost', parcel } })).toThrow(
      UnreadableMessageError,
    );
    expect(() => mails.read({ kind: 'parcel-sent', payload: null })).toThrow(UnreadableMessageError);
  });

  it('refuse a payload not of its kind’s shape, naming where and never what it holds', () => {
    const read = () =>
      mails.read({
        kind: 'parcel-sent',
        payload: { kind: 'parcel-sent', parcel: { id: 'seven', email: 'sam@example.com' } },
      });
    expect(read).toThrow(
      new UnreadableMessageError('The parcel-sent message is not of its kind at parcel.id.'),
    );
    expect(read).not.toThrow(/seven|sam@/);
  });

  it('cannot have two domains writing one kind', () => {
    expect(() => outboxMails([parcelMails, parcelMails])).toThrow(
      'Two domains write the e-mails of kind parcel-sent.',
    );
  });
});
