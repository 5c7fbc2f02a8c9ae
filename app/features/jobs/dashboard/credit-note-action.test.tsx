// @vitest-environment happy-dom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffRole } from '#common/accounts/accounts.ts';
import { answer, serveApi, type ApiCall, type ApiReply } from '#tests/support/api-handlers.ts';
import { answerDayRoutes } from '#tests/support/day-route-data.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { creditAmountInvalid, creditReasonMissing } from './credit-note-action.tsx';
import { JobsTab } from './jobs-tab.tsx';
import { makeJob } from './jobs-test-data.ts';

const completed = makeJob({
  id: 2,
  status: 'completed',
  total: 19_800,
  paid: 19_800,
  invoice: 'INV-000042',
  customer: { ...makeJob().customer, name: 'Ann Cole' },
});

/** The day holds one completed job; its credit note is answered with `issued`. */
function serveDay(issued: ApiReply<'POST /api/jobs/:id/credit-notes'>) {
  return serveApi(
    answer('GET /api/jobs', { status: 200, body: [completed] }),
    answerDayRoutes(),
    answer('POST /api/jobs/:id/credit-notes', ({ params }) =>
      params.id === '2' ? issued : { status: 404, body: { error: 'Not found' } },
    ),
  ).calls;
}

async function openCreditNote(role: StaffRole = 'owner') {
  renderStaffUi(<JobsTab role={role} />, { route: '/?date=2026-11-24' });
  const job = within(await screen.findByRole('article', { name: 'Ann Cole' }));
  await userEvent.click(job.getByRole('button', { name: 'Credit note for ENQ-2611-0002' }));
  return within(await screen.findByRole('alertdialog', { name: 'Issue a credit note' }));
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST').map((call) => call.body);

describe('Credit note', () => {
  it('posts the reason and the amount in pence, and shows the new credit note’s number', async () => {
    const calls = serveDay({ status: 201, body: { number: 'CN-000001', total: 1_250 } });
    const dialog = await openCreditNote();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), '  Wheel trim scratched  ');
    await userEvent.type(dialog.getByRole('textbox', { name: /Amount/ }), '£12.50');
    await userEvent.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    const issued = await screen.findByText('CN-000001', { selector: '[role="status"] span' });
    expect(issued.closest('[role="status"]')?.textContent).toContain(
      'Credit note CN-000001 issued for £12.50.',
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('link', { name: /Credit note CN-000001/ }).getAttribute('href')).toBe(
      '/api/jobs/2/invoice.pdf?number=CN-000001',
    );
    expect(posts(calls)).toEqual([{ reason: 'Wheel trim scratched', amount: 1_250 }]);
  });

  it('credits the whole invoice when no amount is given', async () => {
    const calls = serveDay({ status: 201, body: { number: 'CN-000002', total: 19_800 } });
    const dialog = await openCreditNote();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Job cancelled after fitting');
    await userEvent.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    await screen.findByText(/CN-000002/, { selector: 'span' });
    expect(posts(calls)).toEqual([{ reason: 'Job cancelled after fitting' }]);
  });

  it('checks the reason and the amount before sending', async () => {
    const calls = serveDay({ status: 201, body: { number: 'CN-000001', total: 1 } });
    const dialog = await openCreditNote();
    await userEvent.type(dialog.getByRole('textbox', { name: /Amount/ }), '12.505');
    await userEvent.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    await dialog.findByText(creditReasonMissing);
    dialog.getByText(creditAmountInvalid);
    expect(posts(calls)).toEqual([]);
  });

  it('shows the server’s refusal in the dialog: under the amount, or on its own', async () => {
    serveDay({
      status: 400,
      body: {
        error: 'Some fields are invalid',
        fieldErrors: { amount: ['At most £178.00 is left to credit on INV-000042.'] },
      },
    });
    let dialog = await openCreditNote();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Goodwill');
    await userEvent.type(dialog.getByRole('textbox', { name: /Amount/ }), '190');
    await userEvent.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    await dialog.findByText('At most £178.00 is left to credit on INV-000042.');
    expect(dialog.getByRole('textbox', { name: /Amount/ }).getAttribute('aria-invalid')).toBe('true');

    serveDay({ status: 409, body: { error: 'Invoice INV-000042 has been credited in full.' } });
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    dialog = await openCreditNoteAgain();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Goodwill');
    await userEvent.click(dialog.getByRole('button', { name: 'Issue credit note' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(
      'Invoice INV-000042 has been credited in full.',
    );
    expect(screen.queryByText(/issued for/)).toBeNull();
  });

  it('is an owner’s alone', async () => {
    serveDay({ status: 201, body: { number: 'CN-000001', total: 1 } });
    renderStaffUi(<JobsTab role="staff" />, { route: '/?date=2026-11-24' });
    const job = within(await screen.findByRole('article', { name: 'Ann Cole' }));
    job.getByRole('link', { name: /Invoice INV-000042/ });
    expect(job.queryByRole('button', { name: /Credit note/ })).toBeNull();
  });
});

async function openCreditNoteAgain() {
  const job = within(screen.getByRole('article', { name: 'Ann Cole' }));
  await userEvent.click(job.getByRole('button', { name: 'Credit note for ENQ-2611-0002' }));
  return within(await screen.findByRole('alertdialog', { name: 'Issue a credit note' }));
}
