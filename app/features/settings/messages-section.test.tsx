// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayBeforeTimeMessage, defaultMessageSettings } from '#common/messages/settings.ts';
import { defaultTextWordings } from '#common/messages/texts.ts';
import { descriptionOf, replaceText } from '#tests/support/dom.tsx';
import { renderSettingsTab, saveSection, section, sentUpdates } from './settings-test-data.tsx';

const messages = () => section('Messages');
const field = (label: string) => messages().getByLabelText(label) as HTMLInputElement;
/** The count of text messages beside a wording's label. */
const partsOf = (label: string) =>
  messages().getByText(label, { selector: 'label' }).parentElement!.textContent!.replace(label, '');

describe('the Messages section', () => {
  it('says texts are set up, and shows each text’s wording with its placeholders and parts', async () => {
    await renderSettingsTab();
    messages().getByText('Texts are set up');
    expect(field('Booking confirmed').value).toBe(defaultTextWordings['booking-confirmation']);
    expect(descriptionOf(field('Payment link'))).toEqual([
      'Placeholders: {business} {reference} {amount} {link}',
    ]);
    expect(partsOf('Payment link')).toBe('1 text message');
    expect(partsOf('On my way')).toBe('1 text message');
    // With the manage link's 43-character token, the confirmation takes two.
    expect(partsOf('Booking confirmed')).toBe('2 text messages');
    expect(field('The day before’s text goes at').value).toBe('17:00');
    messages().getByText('Version 0');
  });

  it('says how customers hear while texts are not set up, and when Twilio last answered', async () => {
    await renderSettingsTab({
      messagesStatus: {
        configured: false,
        lastSuccessAt: '2026-07-10T14:30:00.000Z',
        lastFailureAt: '2026-07-11T09:05:00.000Z',
        lastFailure: 'Twilio refused the number (21211)',
      },
    });
    const status = messages().getByRole('status');
    expect(status.textContent).toBe(
      'Texts are not set up: customers hear by e-mail. Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send them.',
    );
    const last = within(messages().getByText('Last text sent').parentElement!);
    last.getByText('10/07/2026, 15:30');
    last.getByText('11/07/2026, 10:05: Twilio refused the number (21211)');
  });

  it('counts the text messages as the wording is typed, and saves it', async () => {
    const { api, user } = await renderSettingsTab();
    const wording = `{business}: ${'A long note about the visit. '.repeat(6)}{link}`;
    await replaceText(user, field('On my way'), wording);
    expect(partsOf('On my way')).toBe('2 text messages');
    await saveSection(user, 'Messages');
    await screen.findByText('Messages settings saved');
    expect(sentUpdates(api, 'messages')).toEqual([
      {
        version: 0,
        settings: {
          ...defaultMessageSettings,
          texts: { ...defaultMessageSettings.texts, 'on-my-way': wording },
        },
      },
    ]);
  });

  it('checks the wordings and the time before saving, with the rules’ messages at the fields', async () => {
    const { api, user } = await renderSettingsTab();
    await replaceText(user, field('Payment link'), '{business}: pay {amount} for {reference}');
    await replaceText(user, field('MOT reminder'), '{business}: {eta} {link}');
    await replaceText(user, field('The day before’s text goes at'), '20:00');
    await saveSection(user, 'Messages');

    expect(descriptionOf(field('Payment link')).at(-1)).toBe('Put the {link} in the text');
    expect(descriptionOf(field('MOT reminder')).at(-1)).toBe(
      "{eta} is not one of this text's placeholders: {business} {registration} {date} {link}",
    );
    expect(field('The day before’s text goes at').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field('The day before’s text goes at')).at(-1)).toBe(dayBeforeTimeMessage);
    expect(sentUpdates(api, 'messages')).toEqual([]);
  });
});
