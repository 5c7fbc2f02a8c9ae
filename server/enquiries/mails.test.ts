import { describe, expect, it } from 'vitest';
import type { EnquiryRecord } from '#common/enquiries/enquiry.ts';
import { defaultCustomerEmails } from '#common/site-content/site-content.ts';
import { enquiryAcknowledgementMail, enquiryNotificationMail, type CustomerEmailTexts } from './mails.ts';

const enquiry = (overrides: Partial<EnquiryRecord> = {}): EnquiryRecord => ({
  id: 7,
  name: 'Sarah Mitchell',
  email: 'sarah@example.com',
  phone: '07700 900123',
  vehicle: null,
  service: 'puncture-repair',
  message: '',
  contacted: false,
  createdAt: '2026-11-24T09:00:00.000Z',
  reference: 'ENQ-2611-0007',
  ...overrides,
});

const business = {
  companyName: 'Test Tyres',
  phone: '01708555000',
  formattedPhone: '01708 555 000',
  email: 'office@test-tyres.example',
};
const from = { name: 'Test Tyres website', address: 'website@example.com' };
const acknowledgement = (record: EnquiryRecord, texts: CustomerEmailTexts = defaultCustomerEmails) =>
  enquiryAcknowledgementMail(record, { from, business, texts, messageDomain: 'example.com', outboxId: 1 })
    .text;
const notification = (record: EnquiryRecord) =>
  enquiryNotificationMail(record, {
    from,
    to: 'staff@example.com',
    messageDomain: 'example.com',
    outboxId: 1,
  }).text;

describe('the customer’s acknowledgement', () => {
  it('says what the published site content says, with the business details filled in', () => {
    const text = acknowledgement(enquiry(), {
      acknowledgementIntro: 'Thanks for choosing {companyName}!',
      acknowledgementNextSteps:
        'Sam will ring you on {phone} or write from {email}; {unknown} stays as written.',
    });
    expect(text).toMatch(
      /^Dear Sarah Mitchell,\n\nThanks for choosing Test Tyres!\n\nYour reference: ENQ-2611-0007\n/,
    );
    expect(text).toContain(
      'Sam will ring you on 01708555000 or write from office@test-tyres.example; {unknown} stays as written.',
    );
    expect(text).not.toContain('within 24 hours');
  });

  it('starts from the original words', () => {
    const text = acknowledgement(enquiry());
    expect(text).toContain('Thank you for contacting Test Tyres. We have received your enquiry');
    expect(text).toContain('If it is urgent, please call us on 01708 555 000 and quote your reference.');
  });
});

describe('the e-mails of an enquiry with a postcode', () => {
  it('tell a customer outside the covered area that the business will say whether it can come', () => {
    const text = acknowledgement(enquiry({ postcode: 'CO1 1AA', outsideArea: true }));
    expect(text).toContain('Postcode: CO1 1AA');
    expect(text).toContain('Your postcode is outside the area we usually cover.');
    expect(notification(enquiry({ postcode: 'CO1 1AA', outsideArea: true }))).toContain(
      'Postcode: CO1 1AA (OUTSIDE the covered area)',
    );
  });

  it('say nothing of the area inside it, or without a postcode (or one queued before postcodes existed)', () => {
    expect(acknowledgement(enquiry({ postcode: 'RM3 0AB', outsideArea: false }))).not.toContain('outside');
    expect(acknowledgement(enquiry())).not.toContain('Postcode');
    expect(notification(enquiry())).toContain('Postcode: Not given\n');
  });
});
