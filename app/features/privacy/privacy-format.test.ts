import { describe, expect, it } from 'vitest';
import { enquiry } from '#tests/support/enquiry-data.tsx';
import {
  erasureOutcome,
  erasureQuestion,
  personalDataFileName,
  storedCountsOf,
  storedSummary,
} from './privacy-format.ts';

describe('the Privacy tab’s sentences', () => {
  it('count enquiries, notes and status changes across every enquiry', () => {
    const note = { id: 1, text: 'x', author: null, createdAt: '2026-11-20T10:00:00.000Z' };
    const change = { id: 1, from: 'new', to: 'contacted', actor: null, createdAt: note.createdAt } as const;
    expect(
      storedCountsOf({
        email: 'jo@example.com',
        exportedAt: note.createdAt,
        bookings: [],
        jobs: [],
        invoices: [],
        reminders: [],
        vehicles: [],
        remindersConsents: [],
        remindersUnsubscribedAt: null,
        contactChoices: [],
        texts: [],
        textOptOuts: [],
        enquiries: [
          enquiry({ id: 2, notes: [note, note], events: [change] }),
          enquiry({ id: 1, notes: [note], events: [change, change, change] }),
        ],
      }),
    ).toEqual({ enquiries: 2, notes: 3, statusChanges: 4, invoices: 0 });
  });

  it('name the counts and the address in the erasure’s confirmation', () => {
    expect(erasureQuestion('jo@example.com', { enquiries: 2, notes: 3, statusChanges: 4, invoices: 0 })).toBe(
      'Erase 2 enquiries, with 3 notes and 4 status changes, stored for jo@example.com? This cannot be undone.',
    );
    expect(erasureQuestion('jo@example.com', { enquiries: 1, notes: 0, statusChanges: 1, invoices: 1 })).toBe(
      'Erase 1 enquiry, with no notes and 1 status change, stored for jo@example.com? Invoices are accounting records the business must keep for six years from their date, so an erasure keeps them as issued until then. This cannot be undone.',
    );
  });

  it('sum up a search', () => {
    expect(storedSummary('jo@example.com', { enquiries: 1, notes: 1, statusChanges: 0, invoices: 0 })).toBe(
      'Stored for jo@example.com: 1 enquiry, with 1 note and no status changes.',
    );
    expect(storedSummary('jo@example.com', { enquiries: 0, notes: 0, statusChanges: 0, invoices: 2 })).toBe(
      'Stored for jo@example.com: no enquiries, with no notes and no status changes, and 2 invoices.',
    );
    expect(storedSummary('jo@example.com', { enquiries: 0, notes: 0, statusChanges: 0, invoices: 0 })).toBe(
      'Nothing is stored for this address.',
    );
  });

  it('report what the server erased', () => {
    const none = { invoices: 0, invoicesKeptUntil: null, invoicesCleared: 0 };
    expect(erasureOutcome('jo@example.com', { enquiries: 2, notifications: 4, ...none })).toBe(
      'Erased 2 enquiries (with their notes and status changes) and 4 notification e-mails for jo@example.com.',
    );
    expect(
      erasureOutcome('jo@example.com', {
        enquiries: 1,
        notifications: 1,
        invoices: 2,
        invoicesKeptUntil: '2032-11-23',
        invoicesCleared: 1,
      }),
    ).toBe(
      'Erased 1 enquiry (with their notes and status changes) and 1 notification e-mail for jo@example.com. 1 invoice over six years old kept for the accounts without their details. 2 invoices are kept as issued, as the law requires for the accounts, until 23/11/2032.',
    );
    expect(erasureOutcome('jo@example.com', { enquiries: 0, notifications: 0, ...none })).toBe(
      'Nothing was left to erase for jo@example.com.',
    );
  });

  it('name the download by the London day of the export', () => {
    expect(personalDataFileName({ exportedAt: '2026-11-23T23:30:00.000Z' })).toBe(
      'personal-data-2026-11-23.json',
    );
    // 00:30 on 2 July in London (British Summer Time).
    expect(personalDataFileName({ exportedAt: '2026-07-01T23:30:00.000Z' })).toBe(
      'personal-data-2026-07-02.json',
    );
  });
});
