import { describe, expect, it } from 'vitest';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import { defaultCustomerEmails } from '#common/site-content/site-content.ts';
import { mailContext, UnreadableMessageError } from './notifications/mail-kinds.ts';
import { appOutboxMails } from './outbox-mails.ts';

// Rows an installation stored before this version must still be written and sent: a payload of
// each kind as the oldest version that queued it wrote it (fields added since are missing).
const mails = appOutboxMails({
  invoicePdf: async (invoiceId) => ({ filename: `INV-${invoiceId}.pdf`, content: Buffer.from('%PDF') }),
});

const context = mailContext(
  {
    from: 'Website <website@example.com>',
    to: 'staff@example.com',
    business: {
      companyName: 'Test Tyres',
      phone: '01708555000',
      formattedPhone: '01708 555 000',
      email: 'office@test-tyres.example',
    },
    customerEmails: defaultCustomerEmails,
    branches: [{ key: 'harold-hill', name: 'Harold Hill', address: '1 Gooshays Drive, Romford, RM3 0AB' }],
    noticeHours: 4,
    reminders: { ...defaultReminderSettings, reviewLink: 'https://g.page/r/test-tyres/review' },
    tyreService: 'tyre-replacement',
  },
  'https://tyres.example.com',
  9,
);

const enquiry = {
  id: 3,
  name: 'Sarah Mitchell',
  email: 'sarah@example.com',
  phone: null,
  vehicle: null,
  service: 'mot',
  message: '',
  contacted: false,
  createdAt: '2026-11-24T09:00:00.000Z',
};

/** A booking as queued before bookings carried an address, a fitter, a job or tyres. */
const booking = {
  id: 5,
  reference: 'ENQ-2611-0003',
  enquiryId: 3,
  status: 'confirmed',
  service: 'mot',
  serviceTitle: 'MOT Testing',
  location: 'harold-hill',
  locationName: 'Harold Hill',
  date: '2026-12-01',
  start: '09:00',
  end: '10:00',
  startsAt: '2026-12-01T09:00:00.000Z',
  endsAt: '2026-12-01T10:00:00.000Z',
  name: 'Sarah Mitchell',
  email: 'sarah@example.com',
  phone: '07700 900123',
  registration: 'AB12CDE',
  vehicle: 'Ford Focus',
  postcode: null,
  outsideArea: false,
  notes: '',
  cancelReason: null,
  cancelledBy: null,
  createdAt: '2026-11-24T09:00:00.000Z',
  updatedAt: '2026-11-24T09:00:00.000Z',
};

const record = { tyres: [], removedTreadMm: {}, torqued: true, tpmsReset: false, advisories: '', notes: '' };

const stored: [kind: string, payload: Record<string, unknown>, subject: RegExp][] = [
  ['enquiry-received', { enquiry }, /^New enquiry: Sarah Mitchell \(MOT Testing\)$/],
  ['enquiry-acknowledgement', { enquiry }, /^We have your enquiry \(number 3\) - Test Tyres$/],
  ...(
    [
      'booking-received',
      'booking-confirmation',
      'booking-moved',
      'booking-cancelled',
      'booking-cancelled-notice',
      'booking-moved-notice',
    ] as const
  ).map((kind): [string, Record<string, unknown>, RegExp] => [
    kind,
    { booking, sequence: 0, ...(kind === 'booking-confirmation' && { manageToken: 'token' }) },
    /ENQ-2611-0003|Sarah Mitchell/,
  ]),
  ['job-on-the-way', { booking, eta: '09:10' }, /^We are on our way: arriving about 9:10am/],
  [
    'job-report',
    {
      booking: { ...booking, job: { status: 'completed', notCompletedReason: null } },
      record,
      invoiceId: 4,
      invoiceNumber: 'INV-000004',
    },
    /^Your job report and invoice INV-000004/,
  ],
  [
    'reminder',
    {
      reminder: {
        id: 8,
        kind: 'mot',
        step: 1,
        name: 'Sarah Mitchell',
        email: 'sarah@example.com',
        registration: 'AB12CDE',
        location: 'harold-hill',
        motExpiry: '2027-11-24',
      },
      unsubscribeToken: 'unsubscribe-token',
    },
    /^Your MOT runs out on Wednesday 24 November 2027 \(AB12 CDE\) - Test Tyres$/,
  ],
];

describe('messages stored by earlier versions', () => {
  it.each(stored)('of kind %s are still written', (kind, payload, subject) => {
    const mail = mails.read({ kind, payload: { kind, ...payload } }).write(context);
    expect(mail.subject).toMatch(subject);
    expect(mail.messageId).toMatch(/\.outbox-9@tyres\.example\.com>$/);
  });

  it('carry the invoice with the job report, and nothing with the others', async () => {
    const [, payload] = stored.find(([kind]) => kind === 'job-report')!;
    const report = mails.read({ kind: 'job-report', payload: { kind: 'job-report', ...payload } });
    expect(await report.attachments()).toEqual([
      { filename: 'INV-4.pdf', content: Buffer.from('%PDF'), contentType: 'application/pdf' },
    ]);
    const onTheWay = mails.read({
      kind: 'job-on-the-way',
      payload: { kind: 'job-on-the-way', booking, eta: '09:10' },
    });
    expect(await onTheWay.attachments()).toEqual([]);
  });

  it('queued before staff had display names name no fitter; queued since, the fitter by first name', () => {
    const write = (kind: 'job-on-the-way' | 'job-report', fields: Record<string, unknown>) => {
      const [, payload] = stored.find(([stored]) => stored === kind)!;
      return mails.read({ kind, payload: { kind, ...payload, ...fields } }).write(context).text;
    };
    expect(write('job-on-the-way', {})).toContain('Your fitter from Test Tyres is on the way to Harold Hill');
    expect(write('job-on-the-way', { fitter: 'Dave' })).toContain(
      'Dave, your fitter from Test Tyres, is on the way to Harold Hill',
    );
    expect(write('job-on-the-way', { fitter: null })).toContain('Your fitter from Test Tyres is on the way');
    expect(write('job-report', {})).toContain('Here is what we did today.');
    expect(write('job-report', { fitter: 'Dave' })).toContain('Here is what Dave did today.');
  });

  it('of a kind no domain writes, or of the wrong shape, are unreadable', () => {
    expect(() => mails.read({ kind: 'newsletter', payload: { kind: 'newsletter' } })).toThrow(
      UnreadableMessageError,
    );
    expect(() =>
      mails.read({
        kind: 'booking-moved',
        payload: { kind: 'booking-moved', booking: { ...booking, email: null } },
      }),
    ).toThrow(
      new UnreadableMessageError('The booking-moved message is not of its kind at booking.email, sequence.'),
    );
  });
});

describe('a booking with a call-out charge', () => {
  it('tells the charge in its e-mails, and adds it to the tyres’ total', () => {
    const tyre = {
      id: 1,
      description: 'Falken Ziex',
      quantity: 2,
      price: 7499,
      total: 14998,
      source: 'stock',
      orderedAt: null,
    };
    const write = (extra: Record<string, unknown>) =>
      mails
        .read({
          kind: 'booking-confirmation',
          payload: {
            kind: 'booking-confirmation',
            booking: { ...booking, ...extra },
            sequence: 0,
            manageToken: 'token',
          },
        })
        .write(context).text;
    expect(write({ callOutPence: 1000 })).toContain('Call-out: £10.00 including VAT');
    const withTyres = write({ callOutPence: 1000, tyre });
    expect(withTyres).toContain('Call-out: £10.00 including VAT');
    expect(withTyres).toContain('Total: £159.98 including VAT');
    expect(write({})).not.toContain('Call-out');
  });
});
