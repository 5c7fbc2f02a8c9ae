import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EnquiryFiltersBar } from './enquiry-filters.tsx';

const counts = { total: 240, new: 40, contacted: 120, quoted: 30, booked: 20, completed: 20, closed: 10 };

/** Each chip's label, count and pressed state, in order. */
const chipsOf = (html: string) =>
  [...html.matchAll(/<button type="button" aria-pressed="(true|false)"[^>]*>(.*?)<\/button>/g)].map(
    ([, pressed, content]) =>
      `${content
        ?.replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()}${pressed === 'true' ? ' (pressed)' : ''}`,
  );

describe('EnquiryFiltersBar', () => {
  it('offers All and each status with its count, the chosen one pressed', () => {
    const html = renderToStaticMarkup(
      <EnquiryFiltersBar filters={{ status: 'quoted', q: '' }} counts={counts} onChange={() => {}} />,
    );
    expect(chipsOf(html)).toEqual([
      'All 240',
      'New 40',
      'Contacted 120',
      'Quoted 30 (pressed)',
      'Booked 20',
      'Completed 20',
      'Closed 10',
    ]);
    expect(html).toMatch(
      /<label for="enquiry-search"[^>]*>Search enquiries<\/label><input id="enquiry-search" type="search"/,
    );
  });

  it('shows the chips without numbers until the counts arrive', () => {
    const html = renderToStaticMarkup(
      <EnquiryFiltersBar filters={{ status: 'all', q: 'ENQ-2611' }} counts={undefined} onChange={() => {}} />,
    );
    expect(chipsOf(html)).toEqual([
      'All (pressed)',
      'New',
      'Contacted',
      'Quoted',
      'Booked',
      'Completed',
      'Closed',
    ]);
    expect(html).toContain('value="ENQ-2611"');
  });
});
