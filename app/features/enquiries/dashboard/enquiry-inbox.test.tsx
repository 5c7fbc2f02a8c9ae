import { describe, expect, it } from 'vitest';
import { EnquiryInbox } from './enquiry-inbox.tsx';
import { enquiry, renderWithQueryClient } from '#tests/support/enquiry-data.tsx';

const renderInbox = (props: Partial<Parameters<typeof EnquiryInbox>[0]>) =>
  renderWithQueryClient(
    <EnquiryInbox
      enquiries={[]}
      filtered={false}
      hasMore={false}
      loadingMore={false}
      onLoadMore={() => {}}
      {...props}
    />,
  );

describe('EnquiryInbox', () => {
  it("says 'No enquiries match your search' when a search or filter finds nothing", () => {
    const html = renderInbox({ filtered: true });
    expect(html).toContain('No enquiries match your search');
    expect(html).not.toContain('No enquiries yet');
  });

  it("says 'No enquiries yet' when there are none at all", () => {
    expect(renderInbox({})).toContain('No enquiries yet');
  });

  it('offers Load more only while there may be another page, and not twice at once', () => {
    const enquiries = [enquiry({ id: 2 }), enquiry({ id: 1 })];
    expect(renderInbox({ enquiries })).not.toContain('Load more');
    expect(renderInbox({ enquiries, hasMore: true })).toMatch(
      /<button type="button"[^>]*>Load more<\/button>/,
    );
    expect(renderInbox({ enquiries, hasMore: true, loadingMore: true })).toMatch(
      /<button type="button" disabled="" aria-busy="true"/,
    );
  });
});
