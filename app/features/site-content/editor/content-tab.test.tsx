import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { PublishedSiteContent, SiteContentRevision } from '#common/site-content/site-content.ts';
import { makeContent, makePublished, makeRevision } from '#tests/support/site-content.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import { ConflictNotice } from './conflict-notice.tsx';
import { fieldLabel } from './content-errors.ts';
import { revisionsQueryKey, siteContentQueryKey } from './content-queries.ts';
import { TextField } from '#app/components/editor/fields.tsx';
import { editorState } from './draft-state.ts';
import { EditorContext } from '#app/components/editor/editor-context.ts';
import { ContentTab } from './content-tab.tsx';
import { ErrorSummary } from './error-summary.tsx';
import { PublishBar } from './publish-bar.tsx';

function render(node: ReactNode, queryClient: QueryClient = createQueryClient()) {
  return renderToStaticMarkup(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);
}

/** The tab once the document (and the history) have arrived. */
function renderTab(published: PublishedSiteContent, revisions: SiteContentRevision[] = [makeRevision()]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(siteContentQueryKey, published);
  queryClient.setQueryData(revisionsQueryKey, { pages: [revisions], pageParams: [undefined] });
  return render(<ContentTab />, queryClient);
}

describe('the Content tab', () => {
  it('shows a spinner until the document has arrived', () => {
    expect(render(<ContentTab />)).toContain('Loading the site content...');
  });

  it('shows the original content: the index, every part, closed services and the weekly hours', () => {
    const html = renderTab(makePublished());
    expect(html).toContain('>Version 1</span>');
    expect(html).toContain('Original content');
    for (const part of [
      'Business details',
      'Services',
      'Home page prices',
      'Branches &amp; opening hours',
      'Contact hours',
      'Areas covered',
      'Testimonials',
      'History',
    ]) {
      expect(html).toMatch(new RegExp(`<a href="#section-[a-z-]+"[^>]*>${part}</a>`));
      expect(html).toMatch(new RegExp(`<h2 id="section-[a-z-]+-title"[^>]*>${part}</h2>`));
    }
    // Each service is a closed disclosure headed by its name.
    for (const title of ['Tyre Replacement', 'Puncture Repair', 'Wheel Balancing', 'TPMS Services']) {
      expect(html).toMatch(
        new RegExp(
          `<button type="button" aria-expanded="false" aria-controls="service-[a-z-]+-panel"[^>]*>.*?${title}</span>`,
        ),
      );
    }
    expect(html).not.toContain('id="content-services-1-pricing-0-price"');
    // Harold Hill's week: Saturday 8:00 to 16:00, labelled for each day.
    expect(html).toContain(
      '<caption class="mb-1 text-left text-base font-semibold text-ink">Opening hours of Harold Hill</caption>',
    );
    expect(html).toMatch(
      /<label for="content-branches-0-hours-saturday-opens" class="sr-only">Saturday opens<\/label><input id="content-branches-0-hours-saturday-opens" type="time"[^>]*value="08:00"/,
    );
    expect(html).toMatch(/id="content-branches-0-hours-saturday-closes" type="time"[^>]*value="16:00"/);
    expect(html).toContain('Closed on Sunday');
    // The settings are the Settings tab's: none of them here.
    expect(html).not.toContain('id="content-booking-horizonDays"');
    expect(html).not.toMatch(/<h2[^>]*>(Booking|Invoicing|Reminders &amp; reviews)<\/h2>/);
    // The tokens long texts may use are explained where they are edited.
    expect(html).toContain('{formattedPhone}');
    // Nothing to publish yet.
    expect(html).toContain('No unpublished changes');
    expect(html).toMatch(/<button type="button" disabled=""[^>]*>Publish<\/button>/);
    expect(html).not.toContain('>Discard</button>');
    // The history: the version on the site cannot be restored.
    expect(html).toContain('On the site');
    expect(html).not.toContain('Restore<span class="sr-only"> version 1</span>');
  });

  it('says who changed the content last and when, in London time', () => {
    const html = renderTab(
      makePublished({ version: 4, publishedBy: 'sam', publishedAt: '2026-07-12T13:05:00.000Z' }),
      [
        makeRevision({
          id: 4,
          version: 4,
          author: 'sam',
          summary: 'Puncture Repair: Standard puncture repair £25 → £30',
        }),
        makeRevision(),
      ],
    );
    expect(html).toContain('>Version 4</span>');
    expect(html).toContain('Last changed by sam on 12/07/2026, 14:05');
    expect(html).toContain('Puncture Repair: Standard puncture repair £25 → £30');
    expect(html).toContain('Restore<span class="sr-only"> version 1</span>');
    expect(html).not.toContain('Restore<span class="sr-only"> version 4</span>');
  });
});

describe('the parts of the editor', () => {
  it('tie a field’s message to it', () => {
    const html = renderToStaticMarkup(
      <EditorContext.Provider
        value={{
          dispatch: () => {},
          errors: { 'business.email': ['Enter a valid e-mail address'] },
          labelOf: fieldLabel,
        }}
      >
        <TextField path={['business', 'email']} value="sam@" type="email" hint="Where enquiries go." />
      </EditorContext.Provider>,
    );
    expect(html).toContain('<label for="content-business-email"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-describedby="content-business-email-hint content-business-email-error"');
    expect(html).toContain(
      '<p id="content-business-email-error" class="mt-1.5 text-sm font-medium text-red-700">Enter a valid e-mail address</p>',
    );
  });

  it('sum up what needs attention, each a link to its field', () => {
    const html = renderToStaticMarkup(
      <ErrorSummary
        draft={makeContent()}
        errors={{
          'branches.0.hours.saturday.closes': ['Closing time must be after opening time'],
          'services.1.pricing.0.price': ['Enter a price, for example £25 or From £45'],
        }}
      />,
    );
    expect(html).toContain('2 fields need attention');
    expect(html).toMatch(
      /href="#content-services-1-pricing-0-price"[^>]*>Puncture Repair, price line 1: Price<\/a>/,
    );
    expect(html).toMatch(
      /href="#content-branches-0-hours-saturday-closes"[^>]*>Harold Hill: Saturday closes<\/a>/,
    );
    expect(html.indexOf('Puncture Repair')).toBeLessThan(html.indexOf('Harold Hill'));
    expect(renderToStaticMarkup(<ErrorSummary draft={makeContent()} errors={{}} />)).toBe('');
  });

  it('count the unpublished changes in the Publish bar', () => {
    const props = {
      busy: false,
      confirming: null,
      onPublish: () => {},
      onConfirm: () => {},
      onCancel: () => {},
      onDiscard: () => {},
    };
    const html = renderToStaticMarkup(<PublishBar count={2} {...props} />);
    expect(html).toContain('2 unpublished changes');
    expect(html).toContain('>Discard</button>');
    expect(html).toMatch(/<button type="button" class="[^"]*">Publish<\/button>/);
    expect(renderToStaticMarkup(<PublishBar count={1} {...props} />)).toContain('1 unpublished change<');
    expect(renderToStaticMarkup(<PublishBar count={1} {...props} busy />)).toContain('Publishing...');
  });

  it('explain a conflict with both sides’ changes, keeping the draft', () => {
    const base = makePublished();
    const current = makePublished({
      version: 2,
      publishedBy: 'sam',
      publishedAt: '2026-07-12T13:05:00.000Z',
      content: makeContent((content) => (content.services[1]!.pricing[2]!.price = '£12')),
    });
    const draft = makeContent((content) => (content.branches[1]!.sundayNote = 'Emergency call-outs only'));
    const html = renderToStaticMarkup(
      <ConflictNotice
        conflict={{ current, message: 'Someone else published changes while you were editing.' }}
        base={editorState(base).base}
        draft={draft}
        busy={false}
        onPublishOver={() => {}}
        onLoadTheirs={() => {}}
      />,
    );
    expect(html).toContain('Someone else published changes while you were editing.');
    expect(html).toContain('Version 2 was published by sam on 12/07/2026, 14:05');
    expect(html).toContain('What sam changed');
    expect(html).toContain('<li>Puncture Repair: Tyre inspection £10 → £12</li>');
    expect(html).toContain('<li>Upminster: Sunday note (empty) → “Emergency call-outs only”</li>');
    expect(html).toContain('<li>Puncture Repair: Tyre inspection £12 → £10</li>');
    expect(html).toContain('>Publish my version over theirs</button>');
    expect(html).toContain('>Discard my changes and load theirs</button>');
  });
});
