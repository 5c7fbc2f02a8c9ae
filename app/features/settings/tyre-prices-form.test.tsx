// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultTyrePricing } from '#common/tyres/pricing-settings.ts';
import { answer } from '#tests/support/api-handlers.ts';
import { renderTyresTab, serveTyres } from './tyres-test-data.tsx';

describe('TyresTab: prices', () => {
  it('publishes the rules in pence, with an example price as typed', async () => {
    const calls = serveTyres([
      answer('PUT /api/tyres/pricing', ({ body }) => ({
        status: 200,
        body: { version: 5, pricing: body.pricing, custom: true },
      })),
    ]);
    const user = renderTyresTab();
    await user.click(screen.getByRole('tab', { name: 'Prices' }));
    const margin = await screen.findByLabelText('Margin on cost (%)', {
      selector: '#pricing-mid-range-margin',
    });
    // Mid-range by default: £50 × 1.3 × 1.2 = £78, to £78.99, plus £12 fitting.
    screen.getByText('£90.99');
    await user.clear(margin);
    await user.type(margin, '40');
    screen.getByText('£96.99');
    await user.click(screen.getByRole('button', { name: 'Publish prices' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((call) => call.method === 'PUT')!.body as {
      version: number;
      pricing: typeof defaultTyrePricing;
    };
    expect(sent.version).toBe(4);
    expect(sent.pricing).toEqual({
      ...defaultTyrePricing,
      tiers: { ...defaultTyrePricing.tiers, 'mid-range': { marginPercent: 40, floorPence: 4_500 } },
    });
    await screen.findByText('Prices published');
    screen.getByText('Every tyre without a price of its own follows these rules.');
  });

  it('shows the rules someone else published meanwhile in place of the draft, and says so', async () => {
    const theirs = {
      ...defaultTyrePricing,
      tiers: { ...defaultTyrePricing.tiers, budget: { marginPercent: 33, floorPence: 3_000 } },
    };
    const message =
      'Someone changed the tyre prices since you opened them. Here are theirs: make your changes again.';
    const calls = serveTyres([
      answer('PUT /api/tyres/pricing', {
        status: 409,
        body: { error: message, current: { version: 6, pricing: theirs, custom: true } },
      }),
    ]);
    const user = renderTyresTab();
    await user.click(screen.getByRole('tab', { name: 'Prices' }));
    const margin = await screen.findByLabelText('Margin on cost (%)', {
      selector: '#pricing-premium-margin',
    });
    await user.clear(margin);
    await user.type(margin, '50');
    await user.click(screen.getByRole('button', { name: 'Publish prices' }));
    await screen.findByText(message);
    await waitFor(() =>
      expect(
        (
          screen.getByLabelText('Margin on cost (%)', {
            selector: '#pricing-budget-margin',
          }) as HTMLInputElement
        ).value,
      ).toBe('33'),
    );
    expect(
      (
        screen.getByLabelText('Margin on cost (%)', {
          selector: '#pricing-premium-margin',
        }) as HTMLInputElement
      ).value,
    ).toBe('30');
    // Publishing again goes from their version.
    await user.click(screen.getByRole('button', { name: 'Publish prices' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect((calls.filter((call) => call.method === 'PUT')[1]!.body as { version: number }).version).toBe(6);
  });

  it('names each field that is wrong and sends nothing', async () => {
    const calls = serveTyres();
    const user = renderTyresTab();
    await user.click(screen.getByRole('tab', { name: 'Prices' }));
    const floor = await screen.findByLabelText('Lowest tyre price before fitting (£)', {
      selector: '#pricing-budget-floor',
    });
    await user.clear(floor);
    await user.type(floor, 'thirty');
    await user.click(screen.getByRole('button', { name: 'Add a brand' }));
    await user.click(screen.getByRole('button', { name: 'Publish prices' }));
    await screen.findByText('Enter an amount in pounds, for example 89.99');
    screen.getByText('Enter the brand');
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
