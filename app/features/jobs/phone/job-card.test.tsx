// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jobTotalMessage, linesReasonMessage, type Job } from '#common/jobs/jobs.ts';
import type { ActionRequest } from './action-queue.ts';
import { JobCard } from './job-card.tsx';
import { makeJob } from './phone-test-data.ts';

/** The card with a queue that records what the fitter did. */
function renderCard(job: Job) {
  const added: { label: string; request: ActionRequest }[] = [];
  const add = vi.fn(async (_job: Job, label: string, request: (key: string) => ActionRequest) => {
    added.push({ label, request: request('key-1') });
  });
  render(<JobCard job={job} waiting={0} add={add} />);
  return { added, user: userEvent.setup() };
}

describe('a job on the fitter’s phone', () => {
  it('shows what the kerb needs: who, where, how to call and get there', () => {
    renderCard(makeJob());
    const card = screen.getByRole('article', { name: '8:00am – 10:00am' });
    expect(
      within(card)
        .getByRole('link', { name: /07700 900456/ })
        .getAttribute('href'),
    ).toBe('tel:07700900456');
    expect(
      within(card)
        .getByRole('link', { name: /Navigate/ })
        .getAttribute('href'),
    ).toContain('destination=12%20Gooshays%20Drive%2C%20Romford%2C%20RM3%200AB');
    expect(card.textContent).toContain('Vauxhall Corsa, AB12 CDE');
    expect(card.textContent).toContain('£25.00');
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

  it('checks the job record on the phone before queueing it with its photos', async () => {
    const { added, user } = renderCard(makeJob({ status: 'arrived' }));
    await user.click(screen.getByRole('button', { name: 'Complete job' }));
    await user.click(screen.getByRole('button', { name: 'Add a tyre' }));
    await user.type(screen.getByLabelText('Brand'), 'Hankook');
    await user.type(screen.getByLabelText('Pattern'), 'Ventus Prime 4');
    await user.type(screen.getByLabelText('Size'), '205/55 R16 91V');
    await user.type(screen.getByLabelText('DOT week and year (e.g. 2324)'), '99');
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    const dotError = await screen.findByText('Enter the DOT week and year as four digits, for example 2324');
    expect(screen.getByLabelText('DOT week and year (e.g. 2324)').getAttribute('aria-describedby')).toBe(
      dotError.id,
    );
    expect(added).toEqual([]);
    await user.clear(screen.getByLabelText('DOT week and year (e.g. 2324)'));
    await user.type(screen.getByLabelText('DOT week and year (e.g. 2324)'), '2324');
    await user.type(screen.getByLabelText('Near-side front'), '2.5');
    await user.upload(
      screen.getByLabelText(/^Photos/),
      new File(['jpeg'], 'tyre.jpg', { type: 'image/jpeg' }),
    );
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    await vi.waitFor(() => expect(added).toHaveLength(2));
    expect(added.map((action) => action.label)).toEqual(['Photo', 'Completed']);
    expect(added[1]!.request).toMatchObject({
      kind: 'event',
      body: {
        type: 'completed',
        idempotencyKey: 'key-1',
        record: {
          tyres: [
            {
              position: 'nsf',
              brand: 'Hankook',
              pattern: 'Ventus Prime 4',
              size: '205/55 R16 91V',
              dot: '2324',
            },
          ],
          removedTreadMm: { nsf: 2.5 },
          torqued: true,
        },
      },
    });
  });

  it('asks why the charge changed, and refuses a line that takes the job past £10,000', async () => {
    const { added, user } = renderCard(makeJob({ status: 'arrived' }));
    await user.click(screen.getByRole('button', { name: 'Complete job' }));
    await user.click(screen.getByRole('checkbox', { name: 'Change the charge' }));
    await user.clear(screen.getByLabelText('How many'));
    await user.type(screen.getByLabelText('How many'), '99');
    await user.clear(screen.getByLabelText('Price of one (£)'));
    await user.type(screen.getByLabelText('Price of one (£)'), '10000');
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    // Each message under its field: the line's price that takes the total past, and the reason.
    const totalError = await screen.findByText(jobTotalMessage(99 * 1_000_000));
    expect(screen.getByLabelText('Price of one (£)').getAttribute('aria-describedby')).toBe(totalError.id);
    expect(screen.getByLabelText('Why the charge changed').getAttribute('aria-describedby')).toBe(
      screen.getByText(linesReasonMessage).id,
    );
    expect(added).toEqual([]);
    await user.clear(screen.getByLabelText('How many'));
    await user.type(screen.getByLabelText('How many'), '1');
    await user.clear(screen.getByLabelText('Price of one (£)'));
    await user.type(screen.getByLabelText('Price of one (£)'), '0');
    await user.type(screen.getByLabelText('Why the charge changed'), 'Customer is a friend');
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    await vi.waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]!.request).toMatchObject({
      body: {
        type: 'completed',
        lines: [{ description: 'Puncture Repair', quantity: 1, unitPence: 0 }],
        linesReason: 'Customer is a friend',
      },
    });
  });

  it('adds each photo taken to those before, shows them, and sends those not taken out', async () => {
    const { added, user } = renderCard(makeJob({ status: 'arrived', photos: 4 }));
    await user.click(screen.getByRole('button', { name: 'Complete job' }));
    const input = screen.getByLabelText(/^Photos \(up to 2\)/);
    const photo = (name: string) => new File(['jpeg'], name, { type: 'image/jpeg' });
    await user.upload(input, photo('first.jpg'));
    screen.getByText('Take another photo');
    await user.upload(input, photo('second.jpg'));
    screen.getByText('2 photos to send with the job');
    screen.getByText('No room for more photos');
    expect((input as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByRole('img', { name: /^Photo \d$/ })).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Take out photo 1' }));
    screen.getByText('1 photo to send with the job');
    expect((input as HTMLInputElement).disabled).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    await vi.waitFor(() => expect(added).toHaveLength(2));
    expect(added.map((action) => action.label)).toEqual(['Photo', 'Completed']);
    expect(added[0]!.request).toMatchObject({ kind: 'file', picture: { name: 'second.jpg' } });
  });
});
