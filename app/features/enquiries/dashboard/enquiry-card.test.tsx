import { describe, expect, it } from 'vitest';
import { EnquiryCard } from './enquiry-card.tsx';
import { enquiry, renderWithQueryClient } from '#tests/support/enquiry-data.tsx';

const renderCard = (overrides: Parameters<typeof enquiry>[0]) =>
  renderWithQueryClient(
    <EnquiryCard enquiry={enquiry(overrides)} busy={false} onMarkContacted={() => {}} onDelete={() => {}} />,
  );

describe('EnquiryCard', () => {
  it('shows the reference, and a labelled status control set to the current status', () => {
    const html = renderCard({ id: 42, reference: 'ENQ-2611-0042', contacted: true, status: 'quoted' });
    expect(html).toContain('>ENQ-2611-0042</p>');
    expect(html).toMatch(/<label for="enquiry-42-status"[^>]*>Status<\/label><select id="enquiry-42-status"/);
    for (const label of ['New', 'Contacted', 'Quoted', 'Booked', 'Completed', 'Closed']) {
      expect(html).toContain(`>${label}</option>`);
    }
    expect(html).toMatch(/<option value="quoted" selected="">Quoted<\/option>/);
    // Past Contacted, the badge names the status; the border stays the contacted green.
    expect(html).toContain('>Quoted</span>');
    expect(html).toContain('border-l-brand');
    expect(html).not.toContain('Mark as Contacted');
  });

  it('lists the changes of status, oldest first, with who made them and when (London time)', () => {
    const html = renderCard({
      contacted: true,
      status: 'quoted',
      events: [
        { id: 1, from: 'new', to: 'contacted', actor: 'alice', createdAt: '2026-11-23T09:30:00.000Z' },
        { id: 2, from: 'contacted', to: 'quoted', actor: 'alice', createdAt: '2026-11-23T14:05:00.000Z' },
        { id: 3, from: 'quoted', to: 'booked', actor: null, createdAt: '2026-07-02T10:00:00.000Z' },
      ],
    });
    const timeline = html.slice(html.indexOf('>Timeline</h4>'), html.indexOf('>Notes</h4>'));
    const text = timeline.replace(/<[^>]+>/g, '');
    expect(text).toContain('Contacted by alice · 23/11/2026, 09:30');
    expect(text).toContain('Quoted by alice · 23/11/2026, 14:05');
    expect(text).toContain('Booked · 02/07/2026, 11:00');
    expect(text.indexOf('Contacted by')).toBeLessThan(text.indexOf('Quoted by'));
  });

  it('shows the postcode, and marks an enquiry from outside the covered area', () => {
    const outside = renderCard({ postcode: 'CO1 1AA', outsideArea: true });
    expect(outside).toContain('>Outside area</span>');
    expect(outside.replace(/<[^>]+>/g, '')).toContain('Postcode:CO1 1AA (outside the covered area)');
    const inside = renderCard({ postcode: 'RM3 0AB', outsideArea: false });
    expect(inside).not.toContain('Outside area');
    expect(inside.replace(/<[^>]+>/g, '')).toContain('Postcode:RM3 0AB');
    expect(renderCard({})).not.toContain('Postcode:');
  });

  it("names a booking's service by its title, and a form enquiry's by the form's label", () => {
    const text = (html: string) => html.replace(/<[^>]+>/g, '');
    expect(text(renderCard({ service: 'tpms-services', serviceTitle: 'TPMS Services' }))).toContain(
      'Service:TPMS Services',
    );
    expect(text(renderCard({ service: 'vehicle-remapping' }))).toContain('Service:Vehicle Remapping/Tuning');
  });

  it('has no timeline before the first change', () => {
    expect(renderCard({})).not.toContain('Timeline');
  });

  it('shows notes newest first as plain text, keeping line breaks, and a form to add one', () => {
    const html = renderCard({
      id: 7,
      notes: [
        { id: 2, text: '<img src=x onerror=alert(1)>', author: 'bob', createdAt: '2026-11-23T15:00:00.000Z' },
        { id: 1, text: 'Rang twice.\nNo answer.', author: 'alice', createdAt: '2026-11-22T10:00:00.000Z' },
      ],
    });
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Rang twice.\nNo answer.');
    expect(html).toMatch(/whitespace-pre-wrap[^>]*>&lt;img/);
    expect(html.indexOf('>bob<')).toBeLessThan(html.indexOf('>alice<'));
    expect(html).toContain('>23/11/2026, 15:00</time>');
    expect(html).toMatch(/<label for="enquiry-7-new-note"[^>]*>Add a note<\/label><textarea/);
    expect(html).toMatch(/<textarea[^>]*maxLength="2000"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Add note<\/button>/);
  });

  it('links an online booking’s enquiry to its vehicle’s history', () => {
    const booked = renderCard({ vehicle: 'Ford Focus', registration: 'AB12CDE' }).replace(/<!-- -->/g, '');
    expect(booked).toContain('href="/admin/dashboard/jobs?vehicle=AB12CDE"');
    expect(booked).toContain('AB12 CDE: vehicle history');
    expect(renderCard({ vehicle: 'Ford Focus' })).not.toContain('vehicle history');
  });
});
