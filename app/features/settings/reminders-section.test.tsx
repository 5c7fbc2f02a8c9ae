// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultReminderSettings, reviewLinkMessage } from '#common/reminders/settings.ts';
import { makeContent, makePublished } from '#tests/support/site-content.ts';
import {
  publishDraft as publish,
  publishedAnswer,
  renderContentTab as renderTab,
  replaceText,
  sentContent,
} from './content-tab-test-data.tsx';

const section = () => within(screen.getByRole('region', { name: 'Reminders & reviews' }));
const field = (label: string) => section().getByLabelText(label) as HTMLInputElement;

beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('the Reminders & reviews section', () => {
  it('shows the defaults in force until staff set their own, and says review requests need a link', () => {
    renderTab();
    expect(field('First MOT reminder').value).toBe('28');
    expect(field('Second MOT reminder').value).toBe('7');
    expect(field('Tyre reminder').value).toBe('8');
    expect(field('Review requests go at').value).toBe('10:00');
    expect(field('Review link').value).toBe('');
    section().getByText(/Not set: review requests are not sent until it is/);
    screen.getByRole('link', { name: 'Reminders & reviews' });
    screen.getByText('No unpublished changes');
  });

  it('publishes every setting once one is changed, the others as shown', async () => {
    const { api, user } = renderTab();
    api.answer('PUT /api/site-content', publishedAnswer(makeContent()));
    await replaceText(user, field('Review link'), 'https://g.page/r/anytown-tyres/review');
    await replaceText(user, field('Tyre reminder'), '6');
    await publish(user);
    await waitFor(() => expect(api.requests()).toContain('PUT /api/site-content'));
    expect(sentContent(api).reminders).toEqual({
      ...defaultReminderSettings,
      tyreWeeks: 6,
      reviewLink: 'https://g.page/r/anytown-tyres/review',
    });
  });

  it('checks the settings before publishing', async () => {
    const { api, user } = renderTab();
    await replaceText(user, field('Review link'), 'www.example.com/review');
    await replaceText(user, field('Second MOT reminder'), '30');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const summary = within(await screen.findByRole('group', { name: '2 fields need attention' }));
    expect(summary.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Reminders & reviews: Review link: ${reviewLinkMessage}`,
      'Reminders & reviews: Second MOT reminder: The second reminder must go later than the first: fewer days before',
    ]);
    expect(field('Review link').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests()).not.toContain('PUT /api/site-content');
  });

  it('shows the published settings', () => {
    const reminders = {
      ...defaultReminderSettings,
      motFirstDays: 21,
      reviewLink: 'https://g.page/r/x/review',
    };
    renderTab(makePublished({ content: makeContent((content) => (content.reminders = reminders)) }));
    expect(field('First MOT reminder').value).toBe('21');
    expect(field('Review link').value).toBe('https://g.page/r/x/review');
    expect(section().queryByText(/Not set/)).toBeNull();
  });
});
