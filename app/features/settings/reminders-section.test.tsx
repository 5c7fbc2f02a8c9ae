// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  defaultReminderSettings,
  motDaysOrderMessage,
  reviewLinkMessage,
} from '#common/reminders/settings.ts';
import { settingsConflictMessage } from '#common/settings/domains.ts';
import { answer } from '#tests/support/api-handlers.ts';
import { descriptionOf, replaceText } from '#tests/support/dom.tsx';
import {
  domainSettings,
  renderSettingsTab,
  saveSection,
  section,
  sentSettings,
  sentUpdates,
} from './settings-test-data.tsx';

const reminders = () => section('Reminders & reviews');
const field = (label: string) => reminders().getByLabelText(label) as HTMLInputElement;

describe('the Reminders & reviews section', () => {
  it('shows the defaults in force until staff set their own, and says review requests need a link', async () => {
    await renderSettingsTab();
    expect(field('First MOT reminder').value).toBe('28');
    expect(field('Second MOT reminder').value).toBe('7');
    expect(field('Tyre reminder').value).toBe('8');
    expect(field('Review requests go at').value).toBe('10:00');
    expect(field('Review link').value).toBe('');
    reminders().getByText(/Not set: review requests are not sent until it is/);
    reminders().getByText('Version 0');
    reminders().getByText('Not changed yet: these are the starting settings.');
  });

  it('saves every setting once one is changed, the others as shown', async () => {
    const { api, user } = await renderSettingsTab();
    await replaceText(user, field('Review link'), 'https://g.page/r/anytown-tyres/review');
    await replaceText(user, field('Tyre reminder'), '6');
    await saveSection(user, 'Reminders & reviews');

    await screen.findByText('Reminders settings saved');
    expect(sentUpdates(api, 'reminders')).toEqual([
      {
        version: 0,
        settings: {
          ...defaultReminderSettings,
          tyreWeeks: 6,
          reviewLink: 'https://g.page/r/anytown-tyres/review',
        },
      },
    ]);
    reminders().getByText('Version 1');
    expect(field('Tyre reminder').value).toBe('6');
  });

  it('checks the settings before saving, and shows the rules’ messages at the fields', async () => {
    const { api, user } = await renderSettingsTab();
    await replaceText(user, field('Review link'), 'www.example.com/review');
    await replaceText(user, field('Second MOT reminder'), '30');
    await saveSection(user, 'Reminders & reviews');

    expect(reminders().getByRole('alert').textContent).toBe(
      'Please check the highlighted fields and try again.',
    );
    expect(field('Review link').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field('Review link')).at(-1)).toBe(reviewLinkMessage);
    expect(field('Second MOT reminder').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field('Second MOT reminder')).at(-1)).toBe(motDaysOrderMessage);
    expect(sentUpdates(api, 'reminders')).toEqual([]);
  });

  it('shows the saved settings, and who saved them', async () => {
    const saved = { ...defaultReminderSettings, motFirstDays: 21, reviewLink: 'https://g.page/r/x/review' };
    await renderSettingsTab({
      settings: {
        reminders: domainSettings('reminders', saved, {
          version: 4,
          changedAt: '2026-07-10T14:30:00.000Z',
          changedBy: 'sam',
        }),
      },
    });
    expect(field('First MOT reminder').value).toBe('21');
    expect(field('Review link').value).toBe('https://g.page/r/x/review');
    expect(reminders().queryByText(/Not set/)).toBeNull();
    reminders().getByText('Version 4');
    reminders().getByText('Last changed by sam on 10/07/2026, 15:30');
  });

  it('shows the settings someone else saved meanwhile in place of the draft, and saves again from theirs', async () => {
    const theirs = domainSettings(
      'reminders',
      { ...defaultReminderSettings, tyreWeeks: 10 },
      { version: 2, changedAt: '2026-07-12T09:00:00.000Z', changedBy: 'sam' },
    );
    const { api, user } = await renderSettingsTab({
      own: [
        answer('PUT /api/settings/:domain', [
          { status: 409, body: { error: settingsConflictMessage, current: theirs } },
          { status: 200, body: { ...theirs, version: 3 } },
        ]),
      ],
    });
    await replaceText(user, field('First MOT reminder'), '30');
    await saveSection(user, 'Reminders & reviews');

    await screen.findByText(settingsConflictMessage);
    expect(field('Tyre reminder').value).toBe('10');
    expect(field('First MOT reminder').value).toBe('28');
    reminders().getByText('Version 2');
    reminders().getByText('Last changed by sam on 12/07/2026, 10:00');
    await saveSection(user, 'Reminders & reviews');
    await screen.findByText('Reminders settings saved');
    expect(sentUpdates(api, 'reminders').map((update) => update.version)).toEqual([0, 2]);
    expect(sentSettings(api, 'reminders')).toEqual(theirs.settings);
  });

  it('shows the server’s refusal of a field beside it', async () => {
    const { user } = await renderSettingsTab({
      own: [
        answer('PUT /api/settings/:domain', {
          status: 400,
          body: {
            error: 'Check the highlighted fields',
            fieldErrors: { reviewTime: ['Refused on purpose'] },
          },
        }),
      ],
    });
    await saveSection(user, 'Reminders & reviews');

    await screen.findByText('Not saved');
    const time = field('Review requests go at');
    expect(time.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(time).at(-1)).toBe('Refused on purpose');
  });
});
