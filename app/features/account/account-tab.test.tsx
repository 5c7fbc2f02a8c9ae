// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { wrongCurrentPasswordMessage, type StaffSession } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import { currentUserQueryKey } from './staff-session.ts';
import { answer, serveApi, type ApiHandler } from '#tests/support/api-handlers.ts';
import { renderWithQueries } from '#tests/support/dom.tsx';
import { AccountTab } from './account-tab.tsx';
import { staffSession, staffUser } from './account-test-data.ts';

const thisDevice = staffSession({ id: 3, current: true, browser: 'Firefox 133', os: 'Ubuntu' });
const phone = staffSession({
  id: 7,
  browser: 'Safari 18',
  os: 'iOS 18',
  createdAt: '2026-07-01T08:05:00.000Z',
  lastSeenAt: '2026-11-22T18:50:00.000Z',
});

/** The panel for `user`, the API answering with the test's `own` handlers and the list of `sessions`. */
function renderAccount(
  user: StaffUser = staffUser(),
  own: ApiHandler[] = [],
  sessions: StaffSession[] = [thisDevice],
) {
  const api = serveApi(...own, answer('GET /api/user/sessions', { status: 200, body: sessions }));
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  return { api, user: userEvent.setup({ delay: null }), ...renderWithQueries(<AccountTab />, queryClient) };
}

const section = (name: string) => screen.getByRole('region', { name });
const toastText = () =>
  within(screen.getByRole('list', { name: 'Toasts' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('Change password', () => {
  const newPassword = 'a quiet road at dawn';

  async function fill(user: ReturnType<typeof userEvent.setup>, confirm = newPassword) {
    const form = within(section('Change password'));
    await user.type(form.getByLabelText('Current password'), 'the old password');
    await user.type(form.getByLabelText('New password'), newPassword);
    await user.type(form.getByLabelText('Confirm new password'), confirm);
    await user.click(form.getByRole('button', { name: 'Change password' }));
    return form;
  }

  it('checks the length and that both new passwords match before asking the server', async () => {
    const { api, user } = renderAccount();
    const form = within(section('Change password'));
    await user.type(form.getByLabelText('New password'), 'too short');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await form.findByText('Password must be at least 12 characters');
    form.getByText('Enter your current password');
    expect(document.activeElement).toBe(form.getByLabelText('Current password'));

    await user.clear(form.getByLabelText('New password'));
    await fill(user, `${newPassword}!`);
    const mismatch = await form.findByText('The new passwords do not match');
    expect(form.getByLabelText('Confirm new password').getAttribute('aria-describedby')).toBe(mismatch.id);
    expect(api.requests()).not.toContain('POST /api/user/password');
  });

  it("shows the server's verdict under its field", async () => {
    const { user } = renderAccount(staffUser(), [
      answer('POST /api/user/password', {
        status: 400,
        body: { error: 'Check the form', fieldErrors: { currentPassword: [wrongCurrentPasswordMessage] } },
      }),
    ]);
    const form = await fill(user);
    const error = await form.findByText(wrongCurrentPasswordMessage);
    const current = form.getByLabelText('Current password');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(current.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(current);
    expect(toastText()).toEqual([]);
  });

  it('changes the password, says the other sessions were signed out, and empties the form', async () => {
    const { api, user } = renderAccount(staffUser(), [answer('POST /api/user/password', { status: 204 })]);
    const form = await fill(user);
    await waitFor(() =>
      expect(toastText()).toEqual([
        'Password changed: Everywhere else you were signed in has been signed out.',
      ]),
    );
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      currentPassword: 'the old password',
      newPassword,
    });
    expect((form.getByLabelText('New password') as HTMLInputElement).value).toBe('');
    // The sessions list is read again: the others have gone.
    await waitFor(() =>
      expect(api.requests().filter((request) => request === 'GET /api/user/sessions')).toHaveLength(2),
    );
  });
});

describe("Where you're signed in", () => {
  it('lists every session with its times in London, marks this device, and signs one out', async () => {
    const { api, user } = renderAccount(
      staffUser(),
      [
        answer('DELETE /api/user/sessions/:id', ({ params }) =>
          params.id === '7' ? { status: 204 } : { status: 404, body: { error: 'Not found' } },
        ),
      ],
      [phone, thisDevice],
    );
    const sessions = within(section("Where you're signed in"));
    const [first, second] = await sessions.findAllByRole('listitem');
    expect(first?.textContent).toContain('Firefox 133 on UbuntuThis device');
    expect(within(first!).queryByRole('button')).toBeNull();
    expect(second?.textContent).toContain('Safari 18 on iOS 18');
    expect(second?.textContent).toContain('First signed in01/07/2026, 09:05');
    expect(second?.textContent).toContain('Last seen22/11/2026, 18:50');
    expect(second?.textContent).not.toContain('This device');

    api.answer('GET /api/user/sessions', { status: 200, body: [thisDevice] });
    await user.click(sessions.getByRole('button', { name: 'Sign out Safari 18 on iOS 18' }));
    await waitFor(() => expect(sessions.getAllByRole('listitem')).toHaveLength(1));
    expect(api.requests()).toContain('DELETE /api/user/sessions/7');
    expect(toastText()).toEqual(['Signed out: Safari 18 on iOS 18 is no longer signed in.']);
    expect(document.activeElement).toBe(sessions.getByRole('heading', { name: "Where you're signed in" }));
    sessions.getByText('You are not signed in anywhere else.');
  });

  it('signs out everywhere else after a confirmation', async () => {
    const laptop = staffSession({ id: 9, browser: 'Edge 131', os: 'Windows 11' });
    const { api, user } = renderAccount(
      staffUser(),
      [answer('DELETE /api/user/sessions', { status: 204 })],
      [thisDevice, phone, laptop],
    );
    const sessions = within(section("Where you're signed in"));
    await sessions.findAllByRole('listitem');
    await user.click(sessions.getByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Sign out everywhere else' });
    expect(dialog.textContent).toContain('Sign out all 2 other devices? You stay signed in here.');

    api.answer('GET /api/user/sessions', { status: 200, body: [thisDevice] });
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere else' }));
    await waitFor(() => expect(sessions.getAllByRole('listitem')).toHaveLength(1));
    expect(api.requests()).toContain('DELETE /api/user/sessions');
    sessions.getByText(/Firefox 133 on Ubuntu/);
    expect(toastText()).toEqual(['Signed out everywhere else: You are now signed in only here.']);
  });
});

describe('Your name', () => {
  it('sets and clears the name colleagues see, trimmed', async () => {
    const { api, user } = renderAccount(staffUser({ displayName: null }), [
      answer('PUT /api/user/display-name', ({ body }) => ({
        status: 200,
        body: staffUser({ displayName: body.displayName }),
      })),
    ]);
    const form = within(section('Your name'));
    const field = form.getByRole('textbox', { name: 'Display name' });
    await user.type(field, '  Sam Jones ');
    await user.click(form.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(toastText()).toContain('Name saved: Colleagues now see you as Sam Jones.'));
    expect((field as HTMLInputElement).value).toBe('Sam Jones');
    await user.clear(field);
    await user.click(form.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(toastText()).toContain('Name saved: Colleagues now see your username, sam.'));
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/user/display-name', body: { displayName: 'Sam Jones' } },
      { method: 'PUT', path: '/api/user/display-name', body: { displayName: null } },
    ]);
  });

  it("shows the server's refusal under the field", async () => {
    const { user } = renderAccount(staffUser({ displayName: 'Sam' }), [
      answer('PUT /api/user/display-name', {
        status: 400,
        body: { error: 'Check the form', fieldErrors: { displayName: ['Name must be text'] } },
      }),
    ]);
    const form = within(section('Your name'));
    await user.type(form.getByRole('textbox', { name: 'Display name' }), ' Jones');
    await user.click(form.getByRole('button', { name: 'Save name' }));
    const error = await form.findByText('Name must be text');
    expect(form.getByRole('textbox', { name: 'Display name' }).getAttribute('aria-describedby')).toContain(
      error.id,
    );
  });
});
