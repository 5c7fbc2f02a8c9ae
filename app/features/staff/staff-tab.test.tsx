// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lastOwnerMessage, type StaffAccount } from '#common/accounts/accounts.ts';
import { answer, serveApi, type ApiHandler } from '#tests/support/api-handlers.ts';
import { renderStaffUi } from '#tests/support/staff-ui.tsx';
import { currentUserQueryKey } from '#app/features/account/index.ts';
import { StaffTab } from './staff-tab.tsx';
import { staffAccount, staffUser } from '#tests/support/staff-data.ts';

const accounts: StaffAccount[] = [
  staffAccount({ id: 2, username: 'bob', setUp: false }),
  staffAccount({
    id: 1,
    username: 'alice',
    role: 'owner',
    twoFactor: true,
    lastSignInAt: '2026-11-23T14:05:00.000Z',
  }),
  staffAccount({ id: 3, username: 'carol', disabled: true, lastSignInAt: '2026-07-02T16:30:00.000Z' }),
  staffAccount({ id: 4, username: 'erin', role: 'owner' }),
];

/** The API as an owner (alice) sees it, the test's `own` answers first; `delayMs` holds every answer back. */
function serve(own: ApiHandler[] = [], delayMs = 0) {
  return serveApi(
    ...own,
    answer('GET /api/users', { status: 200, body: accounts }, { delayMs }),
    answer('GET /api/settings/security', { status: 200, body: { requireTwoFactor: false } }, { delayMs }),
  ).calls;
}

function renderTab() {
  return renderStaffUi(<StaffTab />, {
    prepare: (queryClient) => queryClient.setQueryData(currentUserQueryKey, staffUser()),
  });
}

const card = async (username: string) =>
  (await screen.findByRole('article', { name: new RegExp(`^${username}`) })) as HTMLElement;

describe('StaffTab', () => {
  it('lists every account, owners first: role, state, dates, two-factor, and marks your own', async () => {
    serve();
    renderTab();
    const names = (await screen.findAllByRole('heading', { level: 3 })).map((heading) => heading.textContent);
    expect(names).toEqual(['alice(you)', 'erin', 'bob', 'carol']);

    const alice = within(await card('alice'));
    alice.getByText('Owner');
    alice.getByText('Active');
    alice.getByText('23/11/2026, 14:05');
    // en-GB, London time (British Summer Time in July).
    alice.getByText('01/07/2026');
    alice.getByText('On');
    // Your own account is changed under My account, not here.
    expect(alice.queryByRole('button', { name: /Delete/ })).toBeNull();

    const bob = within(await card('bob'));
    bob.getByText('Staff', { selector: 'span' });
    bob.getByText('Waiting for set-up');
    bob.getByText('Never');
    bob.getByText('Off');
    bob.getByRole('combobox', { name: 'Role of bob' });

    const carol = within(await card('carol'));
    carol.getByText('Disabled');
    carol.getByText('02/07/2026, 17:30');
    carol.getByRole('button', { name: 'Enable carol' });
  });

  it('adds a member of staff and shows their one-time link with how long it lasts', async () => {
    const calls = serve([
      answer('POST /api/users', {
        status: 201,
        body: {
          ...staffAccount({ id: 5, username: 'dave', role: 'owner', setUp: false }),
          setupUrl: 'https://example.com/account-setup/abc123',
          setupExpiresAt: '2026-11-26T14:05:00.000Z',
        },
      }),
    ]);
    renderTab();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Username/ }), '  dave ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Owner');
    await user.click(screen.getByRole('button', { name: 'Add account' }));

    const link = await screen.findByRole('textbox', { name: 'Set-up link for dave' });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/users', body: { username: 'dave', displayName: null, role: 'owner' } },
    ]);
    expect((link as HTMLInputElement).value).toBe('https://example.com/account-setup/abc123');
    expect((link as HTMLInputElement).readOnly).toBe(true);
    expect(document.activeElement).toBe(link);
    expect(link.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(link.getAttribute('aria-describedby')!)?.textContent).toContain(
      'Valid for 72 hours, once: until 26/11/2026, 14:05.',
    );
    screen.getByRole('button', { name: 'Copy' });
    expect((screen.getByRole('textbox', { name: /Username/ }) as HTMLInputElement).value).toBe('');
  });

  it('says under the field when a username is taken, and checks it before asking', async () => {
    const calls = serve([
      answer('POST /api/users', {
        status: 409,
        body: { error: 'That username is taken', fieldErrors: { username: ['That username is taken'] } },
      }),
    ]);
    renderTab();
    const user = userEvent.setup();
    const username = screen.getByRole('textbox', { name: /Username/ });
    await user.type(username, 'al');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Username must be at least 3 characters');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(username, 'ice');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('That username is taken'));
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('textbox', { name: /Set-up link/ })).toBeNull();
  });

  it('adds a member of staff with the name they go by, trimmed', async () => {
    const calls = serve([
      answer('POST /api/users', {
        status: 201,
        body: {
          ...staffAccount({
            id: 5,
            username: 'dave',
            displayName: 'Dave Smith',
            role: 'fitter',
            setUp: false,
          }),
          setupUrl: 'https://example.com/account-setup/abc123',
          setupExpiresAt: '2026-11-26T14:05:00.000Z',
        },
      }),
    ]);
    renderTab();
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: /Username/ }), 'dave');
    await user.type(screen.getByRole('textbox', { name: 'Display name' }), ' Dave Smith  ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Fitter');
    await user.click(screen.getByRole('button', { name: 'Add account' }));
    await screen.findByRole('textbox', { name: 'Set-up link for dave' });
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: '/api/users',
        body: { username: 'dave', displayName: 'Dave Smith', role: 'fitter' },
      },
    ]);
  });

  it('shows a display name over the username, and lets an owner change or clear it', async () => {
    let bob = staffAccount({ id: 2, username: 'bob', displayName: 'Bob Taylor' });
    const calls = serveApi(
      answer('PATCH /api/users/:id', ({ body }) => {
        bob = { ...bob, displayName: body.displayName ?? null };
        return { status: 200, body: bob };
      }),
      answer('GET /api/users', () => ({ status: 200, body: [accounts[1]!, bob] })),
      answer('GET /api/settings/security', { status: 200, body: { requireTwoFactor: false } }),
    ).calls;
    renderTab();
    const named = within(await card('Bob Taylor'));
    named.getByText('bob', { selector: 'dd' });
    const field = named.getByRole('textbox', { name: 'Display name of bob' });
    expect((field as HTMLInputElement).value).toBe('Bob Taylor');

    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, 'Robert Taylor');
    await user.click(named.getByRole('button', { name: 'Save name' }));
    const renamed = within(await screen.findByRole('article', { name: /^Robert Taylor/ }));
    await user.clear(renamed.getByRole('textbox', { name: 'Display name of bob' }));
    await user.click(renamed.getByRole('button', { name: 'Save name' }));
    await screen.findByRole('article', { name: /^bob/ });
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/users/2', body: { displayName: 'Robert Taylor' } },
      { method: 'PATCH', path: '/api/users/2', body: { displayName: null } },
    ]);
  });

  it('refuses a display name past 60 characters under its field, without asking the server', async () => {
    const calls = serve();
    renderTab();
    const bob = within(await card('bob'));
    const user = userEvent.setup();
    await user.type(bob.getByRole('textbox', { name: 'Display name of bob' }), 'x'.repeat(61));
    await user.click(bob.getByRole('button', { name: 'Save name' }));
    expect(await bob.findByText('Name must be 60 characters or fewer')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([]);
  });

  it('shows why a change was refused: there must always be an active owner', async () => {
    const calls = serve([answer('PATCH /api/users/:id', { status: 409, body: { error: lastOwnerMessage } })]);
    renderTab();
    const user = userEvent.setup();
    const role = within(await card('erin')).getByRole('combobox', { name: 'Role of erin' });
    await user.selectOptions(role, 'Staff');

    await screen.findByText(lastOwnerMessage);
    screen.getByText('Change failed');
    expect(calls.filter((call) => call.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: '/api/users/4', body: { role: 'staff' } },
    ]);
    // The account is shown as it still is.
    await waitFor(() => expect((role as HTMLSelectElement).value).toBe('owner'));
  });

  it('deletes an account only after a confirmation naming the person', async () => {
    let deleted = false;
    const delayMs = 20;
    const calls = serve(
      [
        answer(
          'DELETE /api/users/:id',
          () => {
            deleted = true;
            return { status: 204 };
          },
          { delayMs },
        ),
        answer(
          'GET /api/users',
          () => ({ status: 200, body: deleted ? accounts.filter((account) => account.id !== 2) : accounts }),
          { delayMs },
        ),
      ],
      delayMs,
    );
    renderTab();
    const user = userEvent.setup();
    await user.click(within(await card('bob')).getByRole('button', { name: 'Delete bob' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete account' });
    expect(dialog.textContent).toContain("Delete bob's account?");
    expect(dialog.textContent).toContain('Their name stays on the notes and history they left');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    await user.click(within(await card('bob')).getByRole('button', { name: 'Delete bob' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete account' }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'bob' })).toBeNull());
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([
      { method: 'DELETE', path: '/api/users/2', body: undefined },
    ]);
    await screen.findByText('Account deleted');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Staff accounts' }));
  });

  it('resets access after a confirmation, then shows the new link', async () => {
    const calls = serve([
      answer('POST /api/users/:id/reset-link', {
        status: 200,
        body: {
          setupUrl: 'https://example.com/account-setup/new',
          setupExpiresAt: '2026-11-26T14:05:00.000Z',
        },
      }),
    ]);
    renderTab();
    const user = userEvent.setup();
    await user.click(within(await card('carol')).getByRole('button', { name: 'Reset access of carol' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset access' });
    expect(dialog.textContent).toContain('signed out everywhere at once');
    await user.click(within(dialog).getByRole('button', { name: 'Reset access' }));

    const link = await screen.findByRole('textbox', { name: 'Set-up link for carol' });
    expect((link as HTMLInputElement).value).toBe('https://example.com/account-setup/new');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      { method: 'POST', path: '/api/users/3/reset-link', body: undefined },
    ]);
  });

  it('turns on two-factor sign-in for every account', async () => {
    const calls = serve([
      answer('PUT /api/settings/security', { status: 200, body: { requireTwoFactor: true } }),
    ]);
    renderTab();
    const user = userEvent.setup();
    const toggle = screen.getByRole('switch', { name: 'Require two-factor sign-in for every account' });
    await waitFor(() => expect(toggle.getAttribute('aria-disabled')).toBe('false'));
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    await user.click(toggle);
    await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('true'));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/api/settings/security', body: { requireTwoFactor: true } },
    ]);
  });
});
