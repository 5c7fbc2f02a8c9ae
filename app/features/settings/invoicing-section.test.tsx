// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type InvoicingSettings } from '#common/jobs/invoicing-settings.ts';
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

const invoicingSection = () => section('Invoicing');
const addressField = () =>
  invoicingSection().getByLabelText('Postal address on invoices') as HTMLTextAreaElement;
const vatField = () => invoicingSection().getByLabelText('VAT registration number') as HTMLInputElement;
const vatRateField = () => invoicingSection().getByLabelText('VAT rate') as HTMLInputElement;
const limitField = () =>
  invoicingSection().getByLabelText('Hold price cuts of more than') as HTMLInputElement;

const branchAddress = ['Unit 4, Example Trading Estate', 'Harold Hill, Romford', 'RM3 0XX'];
const defaults = defaultSettings().invoicing;
const notSetYet =
  /^Not set yet: invoices print the first branch’s address, shown here, and “VAT registration number not set”/;

describe('the Invoicing section', () => {
  it('shows what invoices print until an owner sets the details: the first branch’s address, no VAT number', async () => {
    await renderSettingsTab();
    expect(addressField().value).toBe(branchAddress.join('\n'));
    expect(vatField().value).toBe('');
    expect(vatRateField().value).toBe('20');
    expect(limitField().value).toBe('10');
    expect(descriptionOf(vatField())).toEqual(['For example GB 123 4567 89.']);
    expect(descriptionOf(addressField())).toEqual(['One line of the address per line, up to 5.']);
    invoicingSection().getByText(notSetYet);
    invoicingSection().getByText('Version 0');
  });

  it('saves every detail once the VAT number is entered, the address as shown', async () => {
    const { api, user } = await renderSettingsTab();
    await replaceText(user, vatField(), 'GB 123 4567 89');
    await saveSection(user, 'Invoicing');

    await screen.findByText('Invoicing settings saved');
    expect(sentUpdates(api, 'invoicing')).toEqual([
      { version: 0, settings: { ...defaults, address: branchAddress, vatNumber: 'GB 123 4567 89' } },
    ]);
    invoicingSection().getByText('Version 1');
    expect(invoicingSection().queryByText(notSetYet)).toBeNull();
  });

  it('takes the address one line per line', async () => {
    const { api, user } = await renderSettingsTab();
    await replaceText(user, addressField(), 'Anytown Tyres Ltd\n1 High Street\nRomford\nRM1 1AA');
    await replaceText(user, vatField(), 'GB123456789');
    await saveSection(user, 'Invoicing');

    await screen.findByText('Invoicing settings saved');
    expect(sentSettings(api, 'invoicing')).toEqual({
      ...defaults,
      address: ['Anytown Tyres Ltd', '1 High Street', 'Romford', 'RM1 1AA'],
      vatNumber: 'GB123456789',
    });
  });

  it('saves the VAT rate that every price includes', async () => {
    const { api, user } = await renderSettingsTab();
    expect(descriptionOf(vatRateField())[0]).toMatch(/^Every price includes VAT at this rate/);
    await replaceText(user, vatRateField(), '17.5');
    await saveSection(user, 'Invoicing');

    await screen.findByText('Invoicing settings saved');
    expect(sentSettings(api, 'invoicing')).toEqual({ ...defaults, vatRatePercent: 17.5 });
  });

  it('checks the details before saving, and shows the rules’ messages at the fields', async () => {
    const { api, user } = await renderSettingsTab();
    await replaceText(user, vatField(), '123');
    // An empty line between the first and the second.
    await replaceText(user, addressField(), 'Unit 4\n\nRomford RM3 0XX');
    expect(addressField().value).toBe('Unit 4\n\nRomford RM3 0XX');
    await replaceText(user, vatRateField(), '150');
    await saveSection(user, 'Invoicing');

    expect(invoicingSection().getByRole('alert').textContent).toBe(
      'Please check the highlighted fields and try again.',
    );
    expect(addressField().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(addressField())).toEqual([
      'One line of the address per line, up to 5.',
      'Line 2: Remove the empty line or write it',
    ]);
    expect(vatField().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(vatField())).toEqual([
      'For example GB 123 4567 89.',
      'Enter the VAT registration number, for example GB 123 4567 89',
    ]);
    expect(vatRateField().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(vatRateField()).at(-1)).toBe('At most 100%');
    expect(sentUpdates(api, 'invoicing')).toEqual([]);
  });

  it('says when the address is empty or too long, checking again as it is corrected', async () => {
    const { api, user } = await renderSettingsTab();
    await user.clear(addressField());
    await saveSection(user, 'Invoicing');
    expect(descriptionOf(addressField())[1]).toBe('Line 1: Remove the empty line or write it');

    await replaceText(user, addressField(), 'One\nTwo\nThree\nFour\nFive\nSix');
    expect(descriptionOf(addressField())[1]).toBe('At most 5 address lines');
    await replaceText(user, addressField(), 'One\nTwo');
    expect(addressField().getAttribute('aria-invalid')).toBe('false');
    expect(invoicingSection().queryByRole('alert')).toBeNull();
    expect(sentUpdates(api, 'invoicing')).toEqual([]);
  });

  it('shows the saved details, without the note about the VAT number', async () => {
    const saved: InvoicingSettings = {
      ...defaults,
      address: ['Anytown Tyres Ltd', 'RM1 1AA'],
      vatNumber: 'GB 123 4567 89',
      vatRatePercent: 5,
    };
    await renderSettingsTab({ settings: { invoicing: domainSettings('invoicing', saved, { version: 2 }) } });
    expect(addressField().value).toBe('Anytown Tyres Ltd\nRM1 1AA');
    expect(vatField().value).toBe('GB 123 4567 89');
    expect(vatRateField().value).toBe('5');
    expect(invoicingSection().queryByText(/Not set yet/)).toBeNull();
    expect(invoicingSection().queryByText(/not set/)).toBeNull();
  });

  it('says so when the details are saved without a VAT number', async () => {
    const saved: InvoicingSettings = { ...defaults, address: ['Anytown Tyres Ltd'], vatNumber: null };
    await renderSettingsTab({ settings: { invoicing: domainSettings('invoicing', saved, { version: 2 }) } });
    expect(vatField().value).toBe('');
    invoicingSection().getByText(
      /^No VAT registration number: invoices print “VAT registration number not set”/,
    );
  });

  it('holds price cuts of more than 10% for approval until owners set their own limit, a whole per cent', async () => {
    const { api, user } = await renderSettingsTab();
    expect(limitField().value).toBe('10');
    await replaceText(user, vatField(), 'GB 123 4567 89');
    await replaceText(user, limitField(), '150');
    await saveSection(user, 'Invoicing');
    expect(descriptionOf(limitField()).at(-1)).toBe('Enter a whole number of per cent, 0 to 100');
    expect(sentUpdates(api, 'invoicing')).toEqual([]);

    await replaceText(user, limitField(), '25');
    await saveSection(user, 'Invoicing');
    await screen.findByText('Invoicing settings saved');
    expect(sentSettings(api, 'invoicing')).toEqual({
      ...defaults,
      address: branchAddress,
      vatNumber: 'GB 123 4567 89',
      reductionLimitPercent: 25,
    });
  });

  it('shows the server’s refusal of a field beside it, until the field is changed', async () => {
    const { user } = await renderSettingsTab({
      own: [
        answer('PUT /api/settings/:domain', {
          status: 400,
          body: {
            error: 'Check the highlighted fields',
            fieldErrors: { vatNumber: ['This VAT number is not registered'] },
          },
        }),
      ],
    });
    await replaceText(user, vatField(), 'GB 999 9999 99');
    await saveSection(user, 'Invoicing');

    await screen.findByText('Not saved');
    expect(vatField().getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(vatField()).at(-1)).toBe('This VAT number is not registered');
    await replaceText(user, vatField(), 'GB 123 4567 89');
    expect(vatField().getAttribute('aria-invalid')).toBe('false');
    expect(descriptionOf(vatField())).toEqual(['For example GB 123 4567 89.']);
  });
});
