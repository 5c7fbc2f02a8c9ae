// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { settingsConflictMessage } from '#common/settings/domains.ts';
import { defaultTyrePricing } from '#common/tyres/pricing-settings.ts';
import { answer } from '#tests/support/api-handlers.ts';
import { descriptionOf, replaceText } from '#tests/support/dom.tsx';
import {
  defaultSettings,
  domainSettings,
  renderSettingsTab,
  saveSection,
  section,
  sentSettings,
  sentUpdates,
} from './settings-test-data.tsx';

const tyrePrices = () => section('Tyre prices');
const marginField = (tier: string) =>
  tyrePrices().getByLabelText('Margin on cost (%)', {
    selector: `#pricing-${tier}-margin`,
  }) as HTMLInputElement;
const floorField = (tier: string) =>
  tyrePrices().getByLabelText('Lowest tyre price before fitting (£)', {
    selector: `#pricing-${tier}-floor`,
  }) as HTMLInputElement;
/** The example's sentence: what a mid-range 16-inch tyre at £50 cost sells at by the rules as typed. */
const example = () => tyrePrices().getByText(/^By these rules a mid-range 16-inch tyre/).textContent;

describe('the Tyre prices section', () => {
  it('saves the rules in pence with the version they were read from, with an example price as typed', async () => {
    const { api, user } = await renderSettingsTab({
      settings: { tyres: domainSettings('tyres', defaultTyrePricing, { version: 4 }) },
    });
    // Mid-range by default: £50 × 1.3 × 1.2 = £78, to £78.99, plus £12 fitting.
    expect(example()).toBe(
      'By these rules a mid-range 16-inch tyre that costs £50.00 before VAT sells at £90.99 fully fitted, VAT at 20% (the invoicing’s rate) included.',
    );
    await replaceText(user, marginField('mid-range'), '40');
    expect(example()).toMatch(/ sells at £96\.99 fully fitted/);
    await saveSection(user, 'Tyre prices');

    await screen.findByText('Tyre prices saved');
    expect(sentUpdates(api, 'tyres')).toEqual([
      {
        version: 4,
        settings: {
          ...defaultTyrePricing,
          tiers: { ...defaultTyrePricing.tiers, 'mid-range': { marginPercent: 40, floorPence: 4_500 } },
        },
      },
    ]);
    tyrePrices().getByText('Version 5');
    tyrePrices().getByText('Every tyre without a price of its own follows these rules.');
    expect(marginField('mid-range').value).toBe('40');
  });

  it('says the rules are the starting ones until they are saved', async () => {
    await renderSettingsTab();
    tyrePrices().getByText('Version 0');
    tyrePrices().getByText('These are the starting rules: save them as they suit the business.');
  });

  it('prices the example with the invoicing’s VAT rate, and follows it when that is saved', async () => {
    const invoicing = { ...defaultSettings().invoicing, vatRatePercent: 5 };
    const { user } = await renderSettingsTab({
      settings: { invoicing: domainSettings('invoicing', invoicing, { version: 1 }) },
    });
    // £50 × 1.3 × 1.05 = £68.25, to £68.99, plus £12 fitting.
    expect(example()).toMatch(
      / sells at £80\.99 fully fitted, VAT at 5% \(the invoicing’s rate\) included\.$/,
    );

    await replaceText(user, section('Invoicing').getByLabelText('VAT rate'), '0');
    await saveSection(user, 'Invoicing');
    await screen.findByText('Invoicing settings saved');
    // £50 × 1.3 = £65, to £65.99, plus £12 fitting.
    expect(example()).toMatch(
      / sells at £77\.99 fully fitted, VAT at 0% \(the invoicing’s rate\) included\.$/,
    );
  });

  it('shows the rules someone else saved meanwhile in place of the draft, and says so', async () => {
    const theirs = domainSettings(
      'tyres',
      {
        ...defaultTyrePricing,
        tiers: { ...defaultTyrePricing.tiers, budget: { marginPercent: 33, floorPence: 3_000 } },
      },
      { version: 6, changedAt: '2026-07-12T09:00:00.000Z', changedBy: 'sam' },
    );
    const { api, user } = await renderSettingsTab({
      settings: { tyres: domainSettings('tyres', defaultTyrePricing, { version: 5 }) },
      own: [
        answer('PUT /api/settings/:domain', [
          { status: 409, body: { error: settingsConflictMessage, current: theirs } },
          { status: 200, body: { ...theirs, version: 7 } },
        ]),
      ],
    });
    await replaceText(user, marginField('premium'), '50');
    await saveSection(user, 'Tyre prices');

    await screen.findByText(settingsConflictMessage);
    expect(marginField('budget').value).toBe('33');
    expect(floorField('budget').value).toBe('30.00');
    expect(marginField('premium').value).toBe('30');
    tyrePrices().getByText('Version 6');
    tyrePrices().getByText('Last changed by sam on 12/07/2026, 10:00');
    // Saving again goes from their version.
    await saveSection(user, 'Tyre prices');
    await screen.findByText('Tyre prices saved');
    expect(sentUpdates(api, 'tyres').map(({ version }) => version)).toEqual([5, 6]);
    expect(sentSettings(api, 'tyres')).toEqual(theirs.settings);
  });

  it('names each field that is wrong and sends nothing', async () => {
    const { api, user } = await renderSettingsTab();
    await replaceText(user, floorField('budget'), 'thirty');
    await user.click(tyrePrices().getByRole('button', { name: 'Add a brand' }));
    await saveSection(user, 'Tyre prices');

    expect(floorField('budget').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(floorField('budget'))).toEqual(['Enter an amount in pounds, for example 89.99']);
    tyrePrices().getByText('Enter the brand');
    expect(sentUpdates(api, 'tyres')).toEqual([]);
  });

  it('shows the server’s refusal of a rule beside its field', async () => {
    const { user } = await renderSettingsTab({
      own: [
        answer('PUT /api/settings/:domain', {
          status: 400,
          body: {
            error: 'Check the highlighted fields',
            fieldErrors: { 'tiers.premium.marginPercent': ['At most 500%'] },
          },
        }),
      ],
    });
    await saveSection(user, 'Tyre prices');

    await tyrePrices().findByText('At most 500%');
    expect(marginField('premium').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(marginField('premium'))).toEqual(['At most 500%']);
    expect(document.activeElement).toBe(marginField('premium'));
    expect(marginField('budget').getAttribute('aria-invalid')).toBe('false');

    // Corrected, the field's message goes at once; the others' stay until they are.
    await replaceText(user, marginField('premium'), '45');
    expect(tyrePrices().queryByText('At most 500%')).toBeNull();
    expect(marginField('premium').getAttribute('aria-invalid')).toBe('false');
  });

  it('clears a field’s message as soon as the field is corrected', async () => {
    const { user } = await renderSettingsTab({
      own: [
        answer('PUT /api/settings/:domain', {
          status: 400,
          body: {
            error: 'Check the highlighted fields',
            fieldErrors: {
              'tiers.premium.marginPercent': ['At most 500%'],
              'brandTiers.0.brand': ['This brand is already listed'],
            },
          },
        }),
      ],
    });
    await replaceText(user, floorField('budget'), 'thirty');
    await saveSection(user, 'Tyre prices');
    expect(descriptionOf(floorField('budget'))).toEqual(['Enter an amount in pounds, for example 89.99']);

    await replaceText(user, floorField('budget'), '30');
    expect(floorField('budget').getAttribute('aria-invalid')).toBe('false');
    expect(floorField('budget').getAttribute('aria-describedby')).toBeNull();
    await saveSection(user, 'Tyre prices');

    await tyrePrices().findByText('This brand is already listed');
    await replaceText(user, marginField('premium'), '45');
    expect(tyrePrices().queryByText('At most 500%')).toBeNull();
    tyrePrices().getByText('This brand is already listed');
  });
});
