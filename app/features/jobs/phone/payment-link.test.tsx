// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PaymentLink } from '#common/payments/payments.ts';
import { answer } from '#tests/support/api-handlers.ts';
import { makeJob, renderCard } from './phone-test-data.tsx';

const qrSvg = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>';
const link: PaymentLink = { url: 'https://checkout.stripe.com/c/pay/cs_test_a1', amountPence: 1500, qrSvg };

/** A completed job with £15.00 still due, on a phone where card payments are set up. */
function renderDue(reply: PaymentLink = link) {
  return renderCard(makeJob({ status: 'completed', paid: 1000 }), {
    payments: true,
    own: [answer('POST /api/jobs/:id/payment-link', { status: 201, body: reply })],
  });
}

describe('a card payment link on the fitter’s phone', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the QR code, the amount and the link for what is still due, and e-mails it when asked', async () => {
    const { api, user } = renderDue();
    await user.click(await screen.findByRole('button', { name: 'Card payment link' }));

    const shown = within(await screen.findByRole('region', { name: 'Card payment link' }));
    expect(shown.getByText('£15.00').parentElement?.textContent).toBe('Scan to pay £15.00 by card');
    const qr = shown.getByRole('img', { name: 'QR code of the link to pay £15.00 by card' });
    expect(qr.getAttribute('src')).toBe(`data:image/svg+xml;utf8,${encodeURIComponent(qrSvg)}`);
    expect(shown.getByRole('link', { name: link.url }).getAttribute('href')).toBe(link.url);

    await user.click(shown.getByRole('button', { name: 'Send the link by e-mail' }));
    await screen.findByText('The customer has the link by e-mail.');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/jobs/7/payment-link', body: {} },
      { method: 'POST', path: '/api/jobs/7/payment-link', body: { email: true } },
    ]);
  });

  it('texts the link to the customer while texts are set up, and says whether it went', async () => {
    const { api, user } = renderCard(makeJob({ status: 'completed', paid: 1000 }), {
      payments: true,
      texts: true,
      own: [
        answer('POST /api/jobs/:id/payment-link', [
          { status: 201, body: link },
          { status: 201, body: { ...link, texted: true } },
          { status: 201, body: { ...link, texted: false } },
        ]),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Card payment link' }));
    const shown = within(await screen.findByRole('region', { name: 'Card payment link' }));
    await user.click(await shown.findByRole('button', { name: 'Text it to the customer' }));
    await waitFor(() => expect(shown.getByRole('status').textContent).toBe('Texted to the customer'));
    await user.click(shown.getByRole('button', { name: 'Text it to the customer' }));
    await waitFor(() =>
      expect(shown.getByRole('status').textContent).toBe('This customer’s number cannot take texts'),
    );
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      {},
      { text: true },
      { text: true },
    ]);
  });

  it('offers no text while texts are not set up', async () => {
    const { api, user } = renderDue();
    await user.click(await screen.findByRole('button', { name: 'Card payment link' }));
    const shown = within(await screen.findByRole('region', { name: 'Card payment link' }));
    await waitFor(() => expect(api.calls.map((call) => call.path)).toContain('/api/messages/status'));
    expect(shown.queryByRole('button', { name: 'Text it to the customer' })).toBeNull();
  });

  it('shows no image for an answer that is not an SVG', async () => {
    const { user } = renderDue({ ...link, qrSvg: '<img src=x onerror=alert(1)>' });
    await user.click(await screen.findByRole('button', { name: 'Card payment link' }));
    const shown = within(await screen.findByRole('region', { name: 'Card payment link' }));
    expect(shown.queryByRole('img')).toBeNull();
    shown.getByRole('link', { name: link.url });
  });

  it('says why there is no link when the server refuses one', async () => {
    const { user } = renderCard(makeJob({ status: 'completed', paid: 1000 }), {
      payments: true,
      own: [
        answer('POST /api/jobs/:id/payment-link', {
          status: 409,
          body: { error: 'Nothing is due on this job.' },
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Card payment link' }));
    await screen.findByText('Nothing is due on this job.');
    expect(screen.queryByRole('region', { name: 'Card payment link' })).toBeNull();
  });

  it('is not offered while card payments are not set up', async () => {
    const { api } = renderCard(makeJob({ status: 'completed', paid: 1000 }));
    await waitFor(() => expect(api.requests()).toEqual(['GET /api/payments/status']));
    screen.getByRole('button', { name: 'Take payment' });
    expect(screen.queryByRole('button', { name: /Card payment link/ })).toBeNull();
  });

  it('is not offered on a job with nothing due, or one not completed', async () => {
    const paid = renderCard(makeJob({ status: 'completed', paid: 2500 }), { payments: true });
    expect(paid.api.requests()).toEqual([]);
    const notCompleted = renderCard(makeJob({ id: 8, status: 'not-completed' }), { payments: true });
    expect(screen.queryByRole('button', { name: /Card payment link/ })).toBeNull();
    expect(notCompleted.api.requests()).toEqual([]);
  });

  it('says a signal is needed to make one', async () => {
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const { api, user } = renderDue();
    const button = await screen.findByRole('button', { name: 'Card payment link: needs a signal' });
    await user.click(button);
    expect(api.requests()).toEqual(['GET /api/payments/status']);
  });

  it('leaves the payments online to Stripe: the fitter records card, cash, bank transfer or account', async () => {
    const { user } = renderDue();
    await user.click(screen.getByRole('button', { name: 'Take payment' }));
    expect(screen.getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual([
      'Card',
      'Cash',
      'Bank transfer',
      'On account',
    ]);
  });
});
