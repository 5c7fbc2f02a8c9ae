// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { dayText } from '#common/bookings/booking.ts';
import { jobTotalMessage, linesReasonMessage } from '#common/jobs/jobs.ts';
import { londonDate } from '#common/time/london.ts';
import { addDays } from '#common/time/week.ts';
import { markHydrated } from '#app/lib/hydration.ts';
import { torquedMessage } from './completion-values.ts';
import { makeJob, renderCard } from './phone-test-data.tsx';

const dotLabel = 'DOT week and year (e.g. 2324)';
const dotMessage = 'Enter the DOT week and year as four digits, for example 2324';

/** The section on screen: its heading says the step and the section's name. */
const stepShown = () => screen.getByRole('heading', { level: 4, name: /^Step \d of 4/ }).textContent;

async function next(user: UserEvent, times = 1) {
  for (let step = 0; step < times; step++) await user.click(screen.getByRole('button', { name: 'Next' }));
}

/** The form of an arrived job, opened. */
async function openForm(overrides: Parameters<typeof makeJob>[0] = {}) {
  const card = renderCard(makeJob({ status: 'arrived', ...overrides }));
  await card.user.click(screen.getByRole('button', { name: 'Complete job' }));
  return card;
}

/** One tyre fitted at the near-side front, its DOT as given. */
async function fitTyre(user: UserEvent, dot: string) {
  await user.click(screen.getByRole('button', { name: 'Add a tyre' }));
  await user.type(screen.getByLabelText('Brand'), 'Hankook');
  await user.type(screen.getByLabelText('Pattern'), 'Ventus Prime 4');
  await user.type(screen.getByLabelText('Size'), '205/55 R16 91V');
  await user.type(screen.getByLabelText(dotLabel), dot);
}

// The form opens in a page that is already running.
beforeAll(markHydrated);

describe('completing a job on the phone', () => {
  it('goes a phone screen at a time, with its progress, forward and back', async () => {
    const { user } = await openForm();
    expect(stepShown()).toBe('Step 1 of 4 Tyres');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Complete the job' })).toBeNull();
    await next(user);
    expect(stepShown()).toBe('Step 2 of 4 Checks and photos');
    expect(document.activeElement?.textContent).toBe('Step 2 of 4 Checks and photos');
    expect(screen.getByRole('checkbox', { name: 'Wheel nuts torqued' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add a tyre' })).toBeNull();
    await next(user, 2);
    expect(stepShown()).toBe('Step 4 of 4 Signature');
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(stepShown()).toBe('Step 3 of 4 The charge');
  });

  it('leaves "wheel nuts torqued" for the fitter to tick, and asks for it once tyres are fitted', async () => {
    const { added, user } = await openForm();
    await fitTyre(user, '2324');
    await next(user);
    const torqued = screen.getByRole('checkbox', { name: 'Wheel nuts torqued' }) as HTMLInputElement;
    expect(torqued.checked).toBe(false);
    await next(user, 2);
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    const summary = await screen.findByRole('group', { name: 'There is a problem' });
    expect(within(summary).getByRole('link').textContent).toBe(torquedMessage);
    // The summary is read first; the section of the problem is on screen beneath it.
    expect(document.activeElement).toBe(summary);
    expect(stepShown()).toBe('Step 2 of 4 Checks and photos');
    expect(torqued.getAttribute('aria-describedby')).toBe(
      screen.getByText(torquedMessage, { selector: 'p' }).id,
    );
    await user.click(torqued);
    expect(screen.queryByRole('group', { name: 'There is a problem' })).toBeNull();
    await next(user, 2);
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    await vi.waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]!.request).toMatchObject({ body: { record: { torqued: true } } });
  });

  it('lists every problem at the top, each taking the fitter to its field in its section, and queues nothing', async () => {
    const { added, user } = await openForm();
    await fitTyre(user, '99');
    await next(user, 3);
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    const summary = await screen.findByRole('group', { name: 'There is a problem' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([dotMessage, torquedMessage]);
    expect(stepShown()).toBe('Step 1 of 4 Tyres');
    expect(added).toEqual([]);

    // From the tyres, the second link goes to the checks and its box.
    await next(user);
    await user.click(
      within(screen.getByRole('group', { name: 'There is a problem' })).getByRole('link', {
        name: torquedMessage,
      }),
    );
    await waitFor(() => expect(stepShown()).toBe('Step 2 of 4 Checks and photos'));
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Wheel nuts torqued' }));
    await user.click(
      within(screen.getByRole('group', { name: 'There is a problem' })).getByRole('link', {
        name: dotMessage,
      }),
    );
    expect(stepShown()).toBe('Step 1 of 4 Tyres');
    const dot = screen.getByLabelText(dotLabel);
    expect(document.activeElement).toBe(dot);
    expect(dot.getAttribute('aria-describedby')).toBe(screen.getByText(dotMessage, { selector: 'p' }).id);
  });

  it('queues the record with its photos once it is right', async () => {
    const { added, user } = await openForm();
    await fitTyre(user, '2324');
    await user.type(screen.getByLabelText('Near-side front'), '2.5');
    await next(user);
    await user.click(screen.getByRole('checkbox', { name: 'Wheel nuts torqued' }));
    await user.upload(
      screen.getByLabelText(/^Photos/),
      new File(['jpeg'], 'tyre.jpg', { type: 'image/jpeg' }),
    );
    await next(user, 2);
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
    const { added, user } = await openForm();
    await next(user, 2);
    await user.click(screen.getByRole('checkbox', { name: 'Change the charge' }));
    await user.clear(screen.getByLabelText('How many'));
    await user.type(screen.getByLabelText('How many'), '99');
    await user.clear(screen.getByLabelText('Price of one (£)'));
    await user.type(screen.getByLabelText('Price of one (£)'), '10000');
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    const totalError = await screen.findByText(jobTotalMessage(99 * 1_000_000), { selector: 'p' });
    expect(stepShown()).toBe('Step 3 of 4 The charge');
    expect(screen.getByLabelText('Price of one (£)').getAttribute('aria-describedby')).toBe(totalError.id);
    expect(screen.getByLabelText('Why the charge changed').getAttribute('aria-describedby')).toBe(
      screen.getByText(linesReasonMessage, { selector: 'p' }).id,
    );
    expect(added).toEqual([]);
    await user.clear(screen.getByLabelText('How many'));
    await user.type(screen.getByLabelText('How many'), '1');
    await user.clear(screen.getByLabelText('Price of one (£)'));
    await user.type(screen.getByLabelText('Price of one (£)'), '0');
    await user.type(screen.getByLabelText('Why the charge changed'), 'Customer is a friend');
    await next(user);
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
    const { added, user } = await openForm({ photos: 4 });
    await next(user);
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
    await next(user, 2);
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    await vi.waitFor(() => expect(added).toHaveLength(2));
    expect(added.map((action) => action.label)).toEqual(['Photo', 'Completed']);
    expect(added[0]!.request).toMatchObject({ kind: 'file', picture: { name: 'second.jpg' } });
  });

  it('asks first when the job is booked for more than a day ahead', async () => {
    const later = addDays(londonDate(new Date()), 2);
    const { added, user } = await openForm({ date: later });
    await next(user, 3);
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Complete a job booked for a later day?' });
    expect(dialog.textContent).toContain(`ENQ-2611-0007 is booked for ${dayText(later)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Not yet' }));
    expect(added).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    await user.click(await screen.findByRole('button', { name: 'Complete it now' }));
    await vi.waitFor(() => expect(added.map((action) => action.label)).toEqual(['Completed']));
  });

  it('shows the charge paid in full when it has been paid already', async () => {
    const { user } = await openForm({ paid: 2500 });
    await next(user, 2);
    const form = screen.getByRole('form', { name: 'Complete the job' });
    expect(within(form).getByText('Paid in full (£25.00)')).toBeTruthy();
  });

  it('completes a job booked for tomorrow without asking', async () => {
    const { added, user } = await openForm({ date: addDays(londonDate(new Date()), 1) });
    await next(user, 3);
    await user.click(screen.getByRole('button', { name: 'Complete the job' }));
    await vi.waitFor(() => expect(added.map((action) => action.label)).toEqual(['Completed']));
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
