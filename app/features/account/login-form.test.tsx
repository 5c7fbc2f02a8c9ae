// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { invalidCodeMessage, noPendingSignInMessage } from '#common/accounts/accounts.ts';
import { storedUserKey } from './staff-session.ts';
import { staffUser } from './account-test-data.ts';
import { answer, serveApi, type ApiReply } from '#tests/support/api-handlers.ts';
import { renderWithQueries } from '#tests/support/dom.tsx';
import { LoginForm } from './login-form.tsx';

const sam = staffUser({ twoFactor: true });
const codeNeeded: ApiReply<'POST /api/login'> = { status: 200, body: { twoFactorRequired: true } };

let assign: ReturnType<typeof vi.fn>;
beforeEach(() => {
  assign = vi.fn();
  // The page keeps its address, against which the API's paths are requested.
  vi.stubGlobal('location', { ...window.location, href: window.location.href, search: '', assign });
  window.localStorage.clear();
});

async function signInWithPassword() {
  const user = userEvent.setup({ delay: null });
  renderWithQueries(<LoginForm />);
  await user.type(screen.getByLabelText('Username'), 'sam');
  await user.type(screen.getByLabelText('Password'), 'correct horse battery');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  return user;
}

const toasts = () => within(screen.getByRole('list', { name: 'Toasts' })).queryAllByRole('listitem');
const toastText = () => toasts().map((item) => item.textContent);

describe('LoginForm without two-factor sign-in', () => {
  it('checks its fields, then signs in with the password alone and moves on', async () => {
    const api = serveApi(answer('POST /api/login', { status: 200, body: staffUser() }));
    const user = userEvent.setup({ delay: null });
    renderWithQueries(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByText('Username is required');
    screen.getByText('Password is required');

    await user.type(screen.getByLabelText('Username'), 'sam');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('button', { name: 'Signed in' });
    expect(toastText()).toEqual(['Login successful: Welcome back, sam!']);
    expect(api.calls).toEqual([
      { method: 'POST', path: '/api/login', body: { username: 'sam', password: 'correct horse battery' } },
    ]);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin-dashboard'));
  });
});

describe('LoginForm with two-factor sign-in', () => {
  it('asks for the code from the app once the password is right, then signs in as before', async () => {
    const api = serveApi(
      answer('POST /api/login', codeNeeded),
      answer('POST /api/login/two-factor', { status: 200, body: sam }),
    );
    const user = await signInWithPassword();

    const form = await screen.findByRole('form', { name: 'Two-factor sign-in' });
    expect(form.getAttribute('aria-describedby')).toBe('login-code-prompt');
    screen.getByText('Enter the 6-digit code from your authenticator app');
    const code = screen.getByLabelText('Authentication code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(document.activeElement).toBe(code);
    expect(toasts()).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText('Enter the code');

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('button', { name: 'Signed in' });
    expect(toastText()).toEqual(['Login successful: Welcome back, sam!']);
    expect(api.calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/login/two-factor',
      body: { code: '123456' },
    });
    expect(JSON.parse(window.localStorage.getItem(storedUserKey) ?? 'null')).toEqual(sam);
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/admin-dashboard'));
  });

  it('says when the code is wrong, under the field and in a toast, and lets the person try again', async () => {
    serveApi(
      answer('POST /api/login', codeNeeded),
      answer('POST /api/login/two-factor', { status: 401, body: { error: invalidCodeMessage } }),
    );
    const user = await signInWithPassword();
    const code = await screen.findByLabelText('Authentication code');
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    const error = await screen.findByRole('alert');
    expect(error.textContent).toBe(invalidCodeMessage);
    expect(code.getAttribute('aria-describedby')).toBe(error.id);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(toastText()).toEqual([`Login failed: ${invalidCodeMessage}`]);
    screen.getByRole('button', { name: 'Verify' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('tells the throttling message without blaming the code', async () => {
    const throttled = 'Too many attempts. Please try again in 5 minutes.';
    serveApi(
      answer('POST /api/login', codeNeeded),
      answer('POST /api/login/two-factor', {
        status: 429,
        body: { error: throttled },
        headers: { 'Retry-After': '300' },
      }),
    );
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(toastText()).toEqual([`Login failed: ${throttled}`]));
    expect(screen.getByLabelText('Authentication code').getAttribute('aria-invalid')).toBe('false');
  });

  it('goes back to the password, with the reason, when the pending sign-in has expired', async () => {
    serveApi(
      answer('POST /api/login', codeNeeded),
      answer('POST /api/login/two-factor', { status: 401, body: { error: noPendingSignInMessage } }),
    );
    const user = await signInWithPassword();
    await user.type(await screen.findByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    await screen.findByRole('form', { name: 'Sign in' });
    expect(screen.getByRole('alert').textContent).toBe(noPendingSignInMessage);
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('sam');
    const password = screen.getByLabelText('Password') as HTMLInputElement;
    expect(password.value).toBe('');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  });

  it('accepts a recovery code instead, in a text field', async () => {
    const api = serveApi(
      answer('POST /api/login', codeNeeded),
      answer('POST /api/login/two-factor', { status: 200, body: sam }),
    );
    const user = await signInWithPassword();
    await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));

    const recovery = screen.getByLabelText('Recovery code');
    expect(recovery.getAttribute('inputmode')).toBeNull();
    expect(recovery.getAttribute('autocomplete')).toBe('off');
    expect(document.activeElement).toBe(recovery);
    screen.getByText('Enter one of your recovery codes. Each one works once.');

    await user.type(recovery, 'abcde-fghij');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByRole('button', { name: 'Signed in' });
    expect(api.calls.at(-1)?.body).toEqual({ code: 'abcde-fghij' });
    await waitFor(() => expect(assign).toHaveBeenCalled());
  });

  it('starts over from the password with Back', async () => {
    serveApi(answer('POST /api/login', codeNeeded));
    const user = await signInWithPassword();
    await screen.findByLabelText('Authentication code');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('form', { name: 'Sign in' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });
});
