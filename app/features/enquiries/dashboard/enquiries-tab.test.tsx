import { describe, expect, it } from 'vitest';
import { enquiryExportPath } from './enquiry-queries.ts';
import { enquiry, renderWith } from '#tests/support/enquiry-data.tsx';

const countOf = (html: string, label: string) =>
  new RegExp(`>${label}</p><p[^>]*>(\\d+)</p>`).exec(html)?.[1];

describe('EnquiriesTab', () => {
  it('counts every enquiry from the counts, not only the page shown', () => {
    const html = renderWith([enquiry({ id: 3 })], {
      total: 240,
      new: 40,
      contacted: 120,
      quoted: 30,
      booked: 20,
      completed: 20,
      closed: 10,
    });
    expect([
      countOf(html, 'Total Enquiries'),
      countOf(html, 'New Enquiries'),
      countOf(html, 'Contacted'),
    ]).toEqual(['240', '40', '120']);
  });

  it('offers the CSV export of the filters shown', () => {
    expect(renderWith([enquiry({ id: 3 })])).toMatch(
      /<a href="\/api\/enquiries\/export\.csv" download=""[^>]*>.*Export CSV<\/a>/,
    );
    expect(enquiryExportPath({ status: 'quoted', q: 'rm3 0' })).toBe(
      '/api/enquiries/export.csv?status=quoted&q=rm3+0',
    );
    expect(enquiryExportPath({ status: 'all', q: 'ENQ-2611-0042' })).toBe(
      '/api/enquiries/export.csv?q=ENQ-2611-0042',
    );
  });

  it("says 'No enquiries yet' and counts nothing when there are none", () => {
    const html = renderWith([]);
    expect(html).toContain('No enquiries yet');
    expect([
      countOf(html, 'Total Enquiries'),
      countOf(html, 'New Enquiries'),
      countOf(html, 'Contacted'),
    ]).toEqual(['0', '0', '0']);
  });

  it('counts new and contacted enquiries and marks each card by its state', () => {
    const html = renderWith([
      enquiry({ id: 3, name: 'New Customer' }),
      enquiry({ id: 2, name: 'Called Customer', contacted: true, phone: null, vehicle: null, service: null }),
    ]);
    expect([
      countOf(html, 'Total Enquiries'),
      countOf(html, 'New Enquiries'),
      countOf(html, 'Contacted'),
    ]).toEqual(['2', '1', '1']);
    const [newCard, contactedCard] = html.split('<article').slice(1) as [string, string];
    expect(newCard).toContain('border-l-accent');
    expect(newCard).toContain('>New</span>');
    expect(newCard).toContain('Mark as Contacted');
    expect(newCard).toContain('href="tel:07700900123"');
    expect(newCard).toContain('Puncture Repair');
    // en-GB, London time (British Summer Time in July).
    expect(newCard).toContain('>01/07/2026, 09:05</time>');
    expect(contactedCard).toContain('border-l-brand');
    expect(contactedCard).toContain('>Contacted</span>');
    expect(contactedCard).not.toContain('Mark as Contacted');
    expect(contactedCard).not.toContain('Call Customer');
    expect(contactedCard).toContain('Email Customer');
  });
});
