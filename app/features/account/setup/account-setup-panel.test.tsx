// @vitest-environment happy-dom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { setupLinkInvalidMessage } from '#common/accounts/accounts.ts';
import { answer, serveApi, type ApiCall, type ApiReply } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { currentUserQueryKey, storedUserKey } from '#app/features/account/staff-session.ts';
import { staffUser } from '#tests/support/staff-data.ts';
import { AccountSetupPanel } from './account-setup-panel.tsx';

const token = 'tok-123';
const info = { username: 'dave', expiresAt: '2026-11-26T14:05:00.000Z' };

/** The link's page, with My account and My jobs to land on; `setUp` answers the POST. */
function renderPage(setUp: ApiReply<'POST /api/account-setup/:token'> = { status: 200, body: staffUser() }) {
  const { calls } = serveApi(
    answer('GET /api/account-setup/:token', { status: 200, body: info }),
    answer('POST /api/account-setup/:token', setUp),
  );
  const page = renderStaffUi(
    <Routes>
      <Route path="/account-setup/:token" element={<AccountSetupPanel token={token} />} />
      <Route path="/admin/dashboard/account" element={<p>My account panel</p>} />
      <Route path="/admin/jobs" element={<p>My jobs page</p>} />
    </Routes>,
    { route: `/account-setup/${token}` },
  );
  return { calls, ...page };
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

async function fillIn(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
}

describe('AccountSetupPanel', () => {
  afterEach(() => window.localStorage.removeItem(storedUserKey));

  it('says whose account it is and until when the link works', async () => {
    const { calls } = renderPage();
    await screen.findByRole('heading', { name: 'Set up your account' });
    await waitFor(() => expect(document.body.textContent).toContain('for dave.'));
    expect(document.body.textContent).toContain('until 26/11/2026, 14:05');
    expect(calls[0]).toEqual({ method: 'GET', path: '/api/account-setup/tok-123', body: undefined });
  });

  it('says when the passwords differ or the password is too short, without asking the server', async () => {
    const { calls } = renderPage();
    await fillIn('correct horse battery', 'correct horse batterz');
    expect((await screen.findByRole('alert')).textContent).toBe('The passwords do not match');
    expect(screen.getByLabelText('Confirm password').getAttribute('aria-invalid')).toBe('true');

    await userEvent.clear(screen.getByLabelText('New password'));
    await userEvent.type(screen.getByLabelText('New password'), 'short');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
        'Password must be at least 12 characters',
      ),
    );
    expect(posts(calls)).toEqual([]);
  });

  it("shows the server's reason under the password", async () => {
    renderPage({
      status: 400,
      body: { error: 'Invalid password', fieldErrors: { password: ['This password is too common'] } },
    });
    await fillIn('password1234', 'password1234');
    const password = screen.getByLabelText('New password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    const describedBy = password.getAttribute('aria-describedby')!.split(' ');
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('This password is too common');
    expect(describedBy).toContain(error.id);
    expect(document.activeElement).toBe(password);
  });

  it('sets the password, signs the person in and opens My account', async () => {
    window.localStorage.clear();
    const { calls, queryClient } = renderPage();
    await fillIn('correct horse battery', 'correct horse battery');
    await screen.findByText('My account panel');
    expect(posts(calls)).toEqual([
      { method: 'POST', path: '/api/account-setup/tok-123', body: { password: 'correct horse battery' } },
    ]);
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual(staffUser());
    expect(JSON.parse(window.localStorage.getItem(storedUserKey)!)).toEqual(staffUser());
  });

  it('opens My jobs for a fitter, whose day is there', async () => {
    renderPage({ status: 200, body: staffUser({ role: 'fitter', twoFactor: false }) });
    await fillIn('correct horse battery', 'correct horse battery');
    await screen.findByText('My jobs page');
    expect(screen.queryByText('My account panel')).toBeNull();
  });

  it('says an expired or used link no longer works, with the way to sign in', async () => {
    serveApi(
      answer('GET /api/account-setup/:token', { status: 404, body: { error: setupLinkInvalidMessage } }),
    );
    renderStaffUi(<AccountSetupPanel token={token} />);
    expect((await screen.findByRole('alert')).textContent).toBe(setupLinkInvalidMessage);
    expect(screen.getByRole('link', { name: 'Go to the sign-in page' }).getAttribute('href')).toBe('/auth');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});
