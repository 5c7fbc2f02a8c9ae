// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { londonInstant } from '#common/time/london.ts';
import { arrivalEstimate } from './job-event-forms.tsx';
import { makeJob, renderCard } from './phone-test-data.tsx';

const drive = {
  minutes: 12,
  miles: 4.1,
  arrival: '09:05',
  late: false,
  from: { previous: true as const },
};

describe('a job on the fitter’s phone', () => {
  afterEach(() => vi.useRealTimers());

  it('shows the drive from the stop before and when to arrive, with signal', () => {
    renderCard(makeJob(), { drive, at: { latitude: 51.6012, longitude: 0.2345 } });
    const card = screen.getByRole('article', { name: '8:00am – 10:00am' });
    expect(within(card).getByText('12 min drive · 4.1 mi')).toBeTruthy();
    expect(within(card).getByText('Arrive about 9:05am')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Waze' }).getAttribute('href')).toBe(
      'https://waze.com/ul?ll=51.6012,0.2345&navigate=yes',
    );
    cleanup();

    renderCard(makeJob(), {
      drive: {
        ...drive,
        minutes: 25,
        miles: 9.2,
        late: true,
        from: { previous: false, start: 'Harold Hill' },
      },
    });
    expect(screen.getByText('From Harold Hill: 25 min drive · 9.2 mi')).toBeTruthy();
    expect(screen.getByText('Arrive about 9:05am, after the window')).toBeTruthy();
  });

  it('shows no drive without the day’s route, or once the job is under way', () => {
    renderCard(makeJob());
    expect(screen.queryByText(/min drive/)).toBeNull();
    cleanup();
    renderCard(makeJob({ status: 'arrived' }), { drive });
    expect(screen.queryByText(/min drive/)).toBeNull();
  });

  it('estimates the arrival from London’s clock now and the drive there, else the window’s start', () => {
    const now = londonInstant('2026-07-14', '10:50');
    expect(arrivalEstimate(makeJob(), 25, now)).toBe('11:15');
    expect(arrivalEstimate(makeJob(), 0, now)).toBe('10:50');
    expect(arrivalEstimate(makeJob(), null, now)).toBe('08:00');
    expect(arrivalEstimate(makeJob(), 30, londonInstant('2026-12-01', '23:45'))).toBe('00:15');
  });

  it('offers "On my way" with the arrival estimated from the drive there', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(londonInstant('2026-07-14', '10:50'));
    const { user, added } = renderCard(makeJob(), { drive });
    await user.click(screen.getByRole('button', { name: 'On my way' }));
    expect((screen.getByLabelText('Arriving about') as HTMLInputElement).value).toBe('11:02');
    await user.click(screen.getByRole('button', { name: 'Tell the customer I am on my way' }));
    expect(added[0]?.request).toMatchObject({ body: { type: 'on-the-way', eta: '11:02' } });
  });

  it('shows what the kerb needs: who, where, how to call and get there', () => {
    renderCard(makeJob());
    const card = screen.getByRole('article', { name: '8:00am – 10:00am' });
    expect(
      within(card)
        .getByRole('link', { name: /07700 900456/ })
        .getAttribute('href'),
    ).toBe('tel:07700900456');
    within(card).getByText('Navigate');
    const maps = within(card).getByRole('list', { name: 'Navigate with' });
    expect(
      within(maps)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      [
        'Google Maps',
        'https://www.google.com/maps/dir/?api=1&destination=12%20Gooshays%20Drive%2C%20Romford%2C%20RM3%200AB&travelmode=driving',
      ],
      [
        'Apple Maps',
        'https://maps.apple.com/?daddr=12%20Gooshays%20Drive%2C%20Romford%2C%20RM3%200AB&dirflg=d',
      ],
      ['Waze', 'https://waze.com/ul?q=12%20Gooshays%20Drive%2C%20Romford%2C%20RM3%200AB&navigate=yes'],
    ]);
    expect(card.textContent).toContain('Vauxhall Corsa, AB12 CDE');
    expect(card.textContent).toContain('£25.00');
  });

  it('tells the fitter about locking wheel nuts when the customer answered', () => {
    renderCard(makeJob({ lockingNuts: 'Yes, key: Glovebox' }));
    expect(screen.getByRole('article').textContent).toContain('Locking wheel nutsYes, key: Glovebox');
    cleanup();
    renderCard(makeJob());
    expect(screen.getByRole('article').textContent).not.toContain('Locking wheel nuts');
  });

  // The office's jobs and the diary say the same words (day-jobs.test.tsx, booking-fitter.test.tsx).
  it.each([
    ['scheduled', 'Not started'],
    ['on-the-way', 'On the way'],
    ['arrived', 'Arrived'],
    ['completed', 'Completed'],
    ['not-completed', 'Not completed'],
  ] as const)('says where a %s job stands as everyone reads it: %s', (status, word) => {
    renderCard(makeJob({ status }));
    within(screen.getByRole('article', { name: '8:00am – 10:00am' })).getByText(word, { selector: 'span' });
  });

  it('offers the next steps for its status only', () => {
    renderCard(makeJob({ status: 'arrived' }));
    const buttons = screen.getAllByRole('button').map((button) => button.textContent);
    expect(buttons).toEqual(['Complete job', 'Take payment', 'Could not complete']);
  });

  it('queues "On my way" with the time the fitter confirms', async () => {
    const { added, user } = renderCard(makeJob());
    await user.click(screen.getByRole('button', { name: 'On my way' }));
    const eta = screen.getByLabelText('Arriving about');
    expect((eta as HTMLInputElement).value).toBe('08:00');
    await user.clear(eta);
    await user.type(eta, '08:25');
    await user.click(screen.getByRole('button', { name: 'Tell the customer I am on my way' }));
    expect(added).toEqual([
      {
        label: 'On my way, arriving about 8:25am',
        request: { kind: 'event', body: { type: 'on-the-way', eta: '08:25', idempotencyKey: 'key-1' } },
      },
    ]);
  });

  it('hands the job back with a reason, the fitter’s own if none fits', async () => {
    const { added, user } = renderCard(makeJob({ status: 'on-the-way' }));
    await user.click(screen.getByRole('button', { name: 'Could not complete' }));
    await user.click(screen.getByRole('radio', { name: 'Other' }));
    await user.click(screen.getByRole('button', { name: 'Hand the job back to the office' }));
    const own = screen.getByLabelText('The reason');
    expect((await screen.findByRole('alert')).textContent).toBe('Say why the job could not be completed');
    expect(own.getAttribute('aria-invalid')).toBe('true');
    expect(added).toEqual([]);
    await user.type(own, 'Car not at the address');
    await user.click(screen.getByRole('button', { name: 'Hand the job back to the office' }));
    expect(added[0]!.request).toEqual({
      kind: 'event',
      body: { type: 'not-completed', reason: 'Car not at the address', idempotencyKey: 'key-1' },
    });
  });

  it('takes a part payment, and refuses more than is due', async () => {
    const { added, user } = renderCard(makeJob({ status: 'completed', paid: 1000, invoice: 'INV-000004' }));
    expect(screen.getByRole('link', { name: 'INV-000004 (PDF)' }).getAttribute('href')).toBe(
      '/api/jobs/7/invoice.pdf',
    );
    await user.click(screen.getByRole('button', { name: 'Take payment' }));
    const amount = screen.getByLabelText('Amount taken (£)');
    expect((amount as HTMLInputElement).value).toBe('15.00');
    await user.clear(amount);
    await user.type(amount, '20');
    await user.click(screen.getByRole('button', { name: 'Record the payment' }));
    const tooMuch = await screen.findByText('That is more than the £15.00 still due.');
    expect(amount.getAttribute('aria-describedby')).toBe(tooMuch.id);
    await user.clear(amount);
    await user.type(amount, '5');
    await user.click(screen.getByRole('radio', { name: 'Cash' }));
    await user.click(screen.getByRole('button', { name: 'Record the payment' }));
    expect(added).toEqual([
      {
        label: 'Payment of £5.00 by cash',
        request: { kind: 'payment', body: { method: 'cash', amount: 500, idempotencyKey: 'key-1' } },
      },
    ]);
  });

  it('reads "Paid in full" once paid, else what is still due', () => {
    renderCard(makeJob({ status: 'completed', paid: 2500, invoice: 'INV-000004' }));
    const paid = screen.getByRole('article');
    expect(within(paid).getByText('Paid in full (£25.00)')).toBeTruthy();
    expect(within(paid).queryByRole('button', { name: 'Take payment' })).toBeNull();
    cleanup();
    renderCard(makeJob({ status: 'completed', paid: 1000 }));
    expect(screen.getByText('£15.00 still due (£10.00 paid of £25.00)')).toBeTruthy();
    cleanup();
    renderCard(makeJob());
    expect(screen.getByText('£25.00 to pay')).toBeTruthy();
  });

  it('says a price cut waits for the office before the invoice is issued', () => {
    renderCard(
      makeJob({
        status: 'completed',
        total: 0,
        priceChange: { bookedTotal: 2500, reason: 'Customer is a friend', held: true },
      }),
    );
    const card = screen.getByRole('article', { name: '8:00am – 10:00am' });
    expect(card.textContent).toContain('Price changed: the office approves it before the invoice is issued');
    expect(within(card).queryByRole('link', { name: /PDF/ })).toBeNull();
  });
});
