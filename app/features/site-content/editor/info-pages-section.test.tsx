// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeContent } from '#tests/support/site-content.ts';
import { publishDraft, publishedAnswer, renderContentTab, sentContent } from './content-tab-test-data.tsx';

const pageTexts = () => within(screen.getByRole('region', { name: 'Page texts' }));
const pageDetails = (name: string) =>
  [...screen.getByRole('region', { name: 'Page texts' }).querySelectorAll('details')].find((details) =>
    details.querySelector('summary')?.textContent?.startsWith(name),
  )!;

describe('Page texts', () => {
  // The editor keeps unpublished edits in the tab's session storage.
  beforeEach(() => sessionStorage.clear());

  it('edit a page’s text, which is published with the rest and named in the changes', async () => {
    const { api, user } = renderContentTab();
    api.answer('PUT /api/site-content', publishedAnswer(makeContent()));
    expect(pageDetails('About page').open).toBe(false);
    await user.click(within(pageDetails('About page')).getByText('About page'));
    expect(pageDetails('About page').open).toBe(true);

    const about = within(pageDetails('About page'));
    const lead = about.getByLabelText('Introduction');
    await user.clear(lead);
    await user.click(lead);
    await user.paste('A family firm since 2009.');
    await user.click(about.getByRole('button', { name: 'Add a question' }));
    const questions = about.getAllByLabelText('Question');
    await user.click(questions.at(-1)!);
    await user.paste('Do you work at night?');
    await user.click(about.getAllByLabelText('Answer').at(-1)!);
    await user.paste('Until 10pm.');

    expect(await publishDraft(user)).toEqual([
      'About page: introduction changed',
      'About page: questions: 1 added',
    ]);
    const sent = sentContent(api).infoPages.about;
    expect(sent.lead).toBe('A family firm since 2009.');
    expect(sent.faqs.at(-1)).toEqual({ question: 'Do you work at night?', answer: 'Until 10pm.' });
  });

  it('a price the texts name shows its name; removing it stops publishing and opens the pages that name it', async () => {
    const { user } = renderContentTab();
    const mot = within(screen.getByRole('article', { name: 'MOT Testing' }));
    expect(mot.getByText('{price:mot}').closest('p')?.textContent).toBe(
      'Texts name this price {price:mot}: a new price here changes them all.',
    );
    await user.click(mot.getByRole('button', { name: 'Remove Car MOT' }));
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    const summary = within(screen.getByRole('group', { name: /fields? need attention/ }));
    expect(summary.getAllByRole('link').map((link) => link.textContent)).toEqual(
      expect.arrayContaining([
        'Home page prices, MOT Testing: “From” price (optional)',
        'MOT page: Introduction',
      ]),
    );
    expect(pageDetails('MOT page').open).toBe(true);
    expect(pageDetails('About page').open).toBe(false);
    expect(within(pageDetails('MOT page')).getByLabelText('Introduction').getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(pageTexts().getAllByText(/^No price has the name \{price:mot\}/).length).toBeGreaterThan(1);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
