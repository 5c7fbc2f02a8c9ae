// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { branchServiceTitles } from '#common/bookings/branch-services.ts';
import { defaultPaymentSettings } from '#common/payments/settings.ts';
import { descriptionOf, replaceText } from '#tests/support/dom.tsx';
import {
  domainSettings,
  renderSettingsTab,
  saveSection,
  section,
  sentUpdates,
  type User,
} from './settings-test-data.tsx';

const payments = () => section('Payments');
const field = (label: string) => payments().getByLabelText(label) as HTMLInputElement;
const kind = (label: RegExp) => payments().getByRole('radio', { name: label }) as HTMLInputElement;
const service = (name: string) => payments().getByRole('checkbox', { name }) as HTMLInputElement;

async function chooseFixed(user: User) {
  await user.click(kind(/^A fixed amount/));
}

describe('the Payments section', () => {
  it('says card payments are set up, and shows the starting settings: no deposit', async () => {
    await renderSettingsTab();
    payments().getByText('Card payments are set up (Stripe).');
    expect(kind(/^No deposit/).checked).toBe(true);
    expect(payments().queryByLabelText('Fixed deposit')).toBeNull();
    expect(payments().queryByRole('checkbox')).toBeNull();
    expect(field('Refund the deposit when cancelled more than').value).toBe('24');
    expect(field('Hold an unpaid booking for').value).toBe('30');
  });

  it('says what to set while card payments are not set up', async () => {
    await renderSettingsTab({ paymentsConfigured: false });
    payments().getByText(/Card payments are not set up: customers pay on the day\./);
    payments().getByText(/Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET \(see the operations guide\)\./);
  });

  it('saves a fixed deposit typed in pounds as pence, for the services ticked', async () => {
    const { api, user } = await renderSettingsTab();
    await chooseFixed(user);
    payments().getByText('None ticked: a deposit is taken for every service.');
    expect(field('Fixed deposit').value).toBe('50.00');
    await replaceText(user, field('Fixed deposit'), '35.50');
    await user.click(service('Tyre Replacement'));
    await user.click(service(branchServiceTitles.mot));
    payments().getByText('A deposit is taken for the services ticked only.');
    await replaceText(user, field('Hold an unpaid booking for'), '60');
    await saveSection(user, 'Payments');

    await screen.findByText('Payments settings saved');
    expect(sentUpdates(api, 'payments')).toEqual([
      {
        version: 0,
        settings: {
          ...defaultPaymentSettings,
          deposit: { kind: 'fixed', fixedPence: 3550, percent: 20, services: ['tyre-replacement', 'mot'] },
          holdMinutes: 60,
        },
      },
    ]);
    payments().getByText('Version 1');
  });

  it('saves a percentage for every service when none is ticked', async () => {
    const { api, user } = await renderSettingsTab();
    await user.click(kind(/^A percentage/));
    await replaceText(user, field('Deposit percentage'), '25');
    await saveSection(user, 'Payments');

    await screen.findByText('Payments settings saved');
    expect(sentUpdates(api, 'payments').at(-1)?.settings.deposit).toEqual({
      kind: 'percent',
      fixedPence: 5000,
      percent: 25,
      services: [],
    });
  });

  it('refuses amounts that are not ones, in pounds, and holds outside 30 to 1,440 minutes', async () => {
    const { api, user } = await renderSettingsTab();
    await chooseFixed(user);
    await replaceText(user, field('Fixed deposit'), 'fifty');
    await replaceText(user, field('Hold an unpaid booking for'), '20');
    await saveSection(user, 'Payments');

    expect(payments().getByRole('alert').textContent).toBe(
      'Please check the highlighted fields and try again.',
    );
    expect(field('Fixed deposit').getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field('Fixed deposit')).at(-1)).toBe(
      'Enter the deposit in pounds, for example 50 or 49.99',
    );
    expect(descriptionOf(field('Hold an unpaid booking for')).at(-1)).toBe('At least 30 minutes');

    await replaceText(user, field('Fixed deposit'), '0.20');
    expect(descriptionOf(field('Fixed deposit')).at(-1)).toBe(
      'At least £0.30: a smaller card payment is not possible',
    );
    await replaceText(user, field('Hold an unpaid booking for'), '1441');
    expect(descriptionOf(field('Hold an unpaid booking for')).at(-1)).toBe('At most 1440 minutes');
    expect(sentUpdates(api, 'payments')).toEqual([]);
  });

  it('keeps a field of another kind of deposit in view while it needs correcting', async () => {
    const { api, user } = await renderSettingsTab();
    await chooseFixed(user);
    await replaceText(user, field('Fixed deposit'), '');
    await user.click(kind(/^A percentage/));
    await saveSection(user, 'Payments');

    expect(field('Fixed deposit').getAttribute('aria-invalid')).toBe('true');
    await replaceText(user, field('Fixed deposit'), '40');
    expect(payments().queryByLabelText('Fixed deposit')).toBeNull();
    await saveSection(user, 'Payments');
    await screen.findByText('Payments settings saved');
    expect(sentUpdates(api, 'payments').at(-1)?.settings.deposit).toMatchObject({
      kind: 'percent',
      fixedPence: 4000,
    });
  });

  it('shows others the settings without a way to change them', async () => {
    await renderSettingsTab({
      role: 'staff',
      settings: {
        payments: domainSettings('payments', {
          ...defaultPaymentSettings,
          deposit: { kind: 'fixed', fixedPence: 2500, percent: 20, services: ['mot'] },
        }),
      },
    });
    expect(field('Fixed deposit').value).toBe('25.00');
    expect(field('Fixed deposit').closest('fieldset[disabled]')).not.toBeNull();
    expect(service(branchServiceTitles.mot).checked).toBe(true);
    expect(payments().queryByRole('button', { name: 'Save' })).toBeNull();
    payments().getByText('Only an owner can change these settings.');
  });
});
