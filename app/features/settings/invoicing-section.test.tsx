// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeContent, makePublished } from '#tests/support/site-content.ts';
import {
  descriptionOf,
  publishDraft as publish,
  publishedAnswer,
  renderContentTab as renderTab,
  replaceText,
  sentContent,
} from './content-tab-test-data.tsx';

const invoicingSection = () => within(screen.getByRole('region', { name: 'Invoicing' }));
const addressField = () =>
  invoicingSection().getByLabelText('Postal address on invoices') as HTMLTextAreaElement;
const vatField = () => invoicingSection().getByLabelText('VAT registration number') as HTMLInputElement;
const limitField = () =>
  invoicingSection().getByLabelText('Hold price cuts of more than') as HTMLInputElement;

const branchAddress = ['Unit 4, Example Trading Estate', 'Harold Hill, Romford', 'RM3 0XX'];

// Drafts are kept in the session: none left by another file's tests, none left for them.
beforeEach(() => sessionStorage.clear());
afterEach(() => sessionStorage.clear());

describe('the Invoicing section', () => {
  it('shows what invoices print until the details are set: the first branch’s address, no VAT number', () => {
    renderTab();
    expect(addressField().value).toBe(branchAddress.join('\n'));
    expect(vatField().value).toBe('');
    expect(descriptionOf(vatField())).toEqual(['For example GB 123 4567 89.']);
    expect(descriptionOf(addressField())).toEqual(['One line of the address per line, up to 5.']);
    invoicingSection().getByText(/Not set yet: invoices print the first branch’s address/);
    expect(invoicingSection().queryByRole('button', { name: 'Don’t set them yet' })).toBeNull();
    screen.getByRole('link', { name: 'Invoicing' });
    screen.getByText('No unpublished changes');
  });

  it('publishes both details once the VAT number is entered, the address as shown', async () => {
    const { api, user } = renderTab();
    api.answer('PUT /api/site-content', publishedAnswer(makeContent()));
    await replaceText(user, vatField(), 'GB 123 4567 89');
    screen.getByText('1 unpublished change');
    invoicingSection().getByText(/Once published, invoices print these details/);
    await publish(user);
    await waitFor(() => expect(api.requests()).toContain('PUT /api/site-content'));
    expect(sentContent(api).invoicing).toEqual({ address: branchAddress, vatNumber: 'GB 123 4567 89' });
  });

  it('takes the address one line per line', async () => {
    const { api, user } = renderTab();
    api.answer('PUT /api/site-content', publishedAnswer(makeContent()));
    await replaceText(user, addressField(), 'Anytown Tyres Ltd\n1 High Street\nRomford\nRM1 1AA');
    await replaceText(user, vatField(), 'GB123456789');
    await publish(user);
    await waitFor(() => expect(api.requests()).toContain('PUT /api/site-content'));
    expect(sentContent(api).invoicing).toEqual({
      address: ['Anytown Tyres Ltd', '1 High Street', 'Romford', 'RM1 1AA'],
      vatNumber: 'GB123456789',
    });
  });

  it('goes back to the placeholder details when staff decide not to set them yet', async () => {
    const { user } = renderTab();
    await user.type(vatField(), 'GB');
    screen.getByText('1 unpublished change');
    await user.click(invoicingSection().getByRole('button', { name: 'Don’t set them yet' }));
    screen.getByText('No unpublished changes');
    expect(vatField().value).toBe('');
    expect(addressField().value).toBe(branchAddress.join('\n'));
  });

  it('checks the details before publishing, and shows the rules’ messages at the fields', async () => {
    const { api, user } = renderTab();
    await user.type(vatField(), '123');
    // An empty line between the first and the second.
    await replaceText(user, addressField(), 'Unit 4\n\nRomford RM3 0XX');
    expect(addressField().value).toBe('Unit 4\n\nRomford RM3 0XX');
    await user.click(screen.getByRole('button', { name: 'Publish' }));

    const summary = within(await screen.findByRole('group', { name: '2 fields need attention' }));
    expect(summary.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Invoicing: Address line 2: Remove the empty line or write it',
      'Invoicing: VAT registration number: Enter the VAT registration number, for example GB 123 4567 89',
    ]);
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
    expect(api.requests()).not.toContain('PUT /api/site-content');

    // The summary's link goes to the text area that holds the line.
    await user.click(summary.getByRole('link', { name: 'Invoicing: Address line 2' }));
    expect(document.activeElement).toBe(addressField());
  });

  it('says when the address is empty or too long', async () => {
    const { user } = renderTab();
    await user.clear(addressField());
    await replaceText(user, vatField(), 'GB 123 4567 89');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByRole('group', { name: '1 field needs attention' });
    expect(descriptionOf(addressField())[1]).toBe('Line 1: Remove the empty line or write it');

    await replaceText(user, addressField(), 'One\nTwo\nThree\nFour\nFive\nSix');
    expect(descriptionOf(addressField())[1]).toBe('At most 5 address lines');
  });

  it('shows the published details, without the note about the placeholder', () => {
    const invoicing = { address: ['Anytown Tyres Ltd', 'RM1 1AA'], vatNumber: 'GB 123 4567 89' };
    renderTab(makePublished({ content: makeContent((content) => (content.invoicing = invoicing)) }));
    expect(addressField().value).toBe('Anytown Tyres Ltd\nRM1 1AA');
    expect(vatField().value).toBe('GB 123 4567 89');
    expect(invoicingSection().queryByText(/Not set yet/)).toBeNull();
    expect(invoicingSection().queryByRole('button', { name: 'Don’t set them yet' })).toBeNull();
  });

  it('holds price cuts of more than 10% for approval until owners set their own limit, a whole per cent', async () => {
    const { api, user } = renderTab();
    api.answer('PUT /api/site-content', publishedAnswer(makeContent()));
    expect(limitField().value).toBe('10');
    await replaceText(user, vatField(), 'GB 123 4567 89');
    await replaceText(user, limitField(), '150');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByRole('group', { name: '1 field needs attention' });
    expect(descriptionOf(limitField()).at(-1)).toBe('Enter a whole number of per cent, 0 to 100');
    expect(api.requests()).not.toContain('PUT /api/site-content');
    await replaceText(user, limitField(), '25');
    await publish(user);
    await waitFor(() => expect(api.requests()).toContain('PUT /api/site-content'));
    expect(sentContent(api).invoicing).toEqual({
      address: branchAddress,
      vatNumber: 'GB 123 4567 89',
      reductionLimitPercent: 25,
    });
  });
});
