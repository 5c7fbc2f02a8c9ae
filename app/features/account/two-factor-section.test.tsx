// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { invalidCodeMessage, recoveryCodeCount, wrongProofMessage } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import { currentUserQueryKey } from './staff-session.ts';
import { answer, serveApi, type ApiHandler, type ApiReply } from '#tests/support/api-handlers.ts';
import { renderWithQueries } from '#tests/support/dom.tsx';
import { AccountTab } from './account-tab.tsx';
import { staffSession, staffUser } from './account-test-data.ts';

const secret = 'JBSWY3DPEHPK3PXPJBSWY3DP';
const setup: ApiReply<'POST /api/user/two-factor/setup'> = {
  status: 200,
  body: { secret, otpauthUrl: `otpauth://totp/Tyre%20Services:sam?secret=${secret}&issuer=Tyre%20Services` },
};
const recoveryCodes = Array.from({ length: recoveryCodeCount }, (_, index) => `code${index}-abcde`);
const wrongCode: ApiReply<'POST /api/user/two-factor/enable'> = {
  status: 400,
  body: { error: invalidCodeMessage, fieldErrors: { code: [invalidCodeMessage] } },
};

/** The panel for `user`, the API answering with the test's `own` handlers and this device's session. */
function renderAccount(user: StaffUser, own: ApiHandler[] = []) {
  const api = serveApi(
    ...own,
    answer('GET /api/user/sessions', { status: 200, body: [staffSession({ current: true })] }),
  );
  const queryClient = createQueryClient();
  queryClient.setQueryData(currentUserQueryKey, user);
  return {
    api,
    user: userEvent.setup({ delay: null }),
    ...renderWithQueries(<AccountTab />, queryClient),
  };
}

/** What a file holds (the simulated browser's Blob has no text()). */
const readText = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

const twoFactor = () => within(screen.getByRole('region', { name: /^Two-factor sign-in/ }));
const statusOf = () => twoFactor().getByText('Status:').parentElement?.textContent;

describe('Two-factor sign-in', () => {
  it('sets up with a QR code drawn in the page or the key, and refuses a wrong code', async () => {
    const { api, user } = renderAccount(staffUser(), [
      answer('POST /api/user/two-factor/setup', setup),
      answer('POST /api/user/two-factor/enable', wrongCode),
    ]);
    expect(statusOf()).toBe('Status: Off');
    await user.click(twoFactor().getByRole('button', { name: 'Set up two-factor sign-in' }));

    // Focus moves to the new step; the QR code is drawn in the page, with a quiet zone.
    const heading = await twoFactor().findByRole('heading', { name: 'Set up your authenticator app' });
    expect(document.activeElement).toBe(heading);
    const qr = twoFactor().getByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    const [, , width, height] = (qr.getAttribute('viewBox') ?? '').split(' ').map(Number);
    expect(width).toBe(height);
    expect(width).toBeGreaterThanOrEqual(21 + 8);
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M4 4h1v1h-1z/);
    expect(qr.querySelector('image, foreignObject')).toBeNull();

    // The key, in groups of four, copied whole.
    twoFactor().getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    await user.click(twoFactor().getByRole('button', { name: 'Copy key' }));
    expect(await navigator.clipboard.readText()).toBe(secret);

    const code = twoFactor().getByLabelText('Code from the app');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await user.type(code, '12345');
    await user.click(twoFactor().getByRole('button', { name: 'Turn on' }));
    await twoFactor().findByText('Enter the 6 digits your app shows');

    await user.type(code, '6');
    await user.click(twoFactor().getByRole('button', { name: 'Turn on' }));
    const refused = await twoFactor().findByText(invalidCodeMessage);
    expect(code.getAttribute('aria-describedby')).toBe(refused.id);
    expect(document.activeElement).toBe(code);
    expect(api.requests()).toEqual([
      'GET /api/user/sessions',
      'POST /api/user/two-factor/setup',
      'POST /api/user/two-factor/enable',
    ]);
  });

  it('shows the recovery codes once, after the right code, and reads the current user again', async () => {
    const { api, user } = renderAccount(staffUser(), [
      answer('POST /api/user/two-factor/setup', setup),
      answer('POST /api/user/two-factor/enable', { status: 200, body: { recoveryCodes } }),
      answer('GET /api/user', { status: 200, body: staffUser({ twoFactor: true }) }),
    ]);
    await user.click(twoFactor().getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await twoFactor().findByLabelText('Code from the app'), '654 321');
    await user.click(twoFactor().getByRole('button', { name: 'Turn on' }));
    const list = await twoFactor().findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    expect(document.activeElement).toBe(
      twoFactor().getByRole('heading', { name: 'Save your recovery codes' }),
    );
    expect(
      api.calls.filter((call) => call.path === '/api/user/two-factor/enable').map((call) => call.body),
    ).toEqual([{ code: '654321' }]);
    // The current user is read again (the dashboard unlocks), and the codes stay on screen.
    await waitFor(() => expect(statusOf()).toBe('Status: On'));
    expect(api.requests()).toContain('GET /api/user');
    twoFactor().getByRole('list', { name: 'Recovery codes' });

    await user.click(twoFactor().getByRole('button', { name: 'Copy all' }));
    expect(await navigator.clipboard.readText()).toBe(recoveryCodes.join('\n'));

    await user.click(twoFactor().getByRole('button', { name: 'I have saved these codes' }));
    expect(twoFactor().queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(screen.queryByText(recoveryCodes[0]!)).toBeNull();
    twoFactor().getByRole('button', { name: 'Turn off' });
    expect(document.activeElement).toBe(twoFactor().getByRole('heading', { name: 'Two-factor sign-in' }));
  });

  it('downloads the recovery codes as a text file', async () => {
    const { user } = renderAccount(staffUser(), [
      answer('POST /api/user/two-factor/setup', setup),
      answer('POST /api/user/two-factor/enable', { status: 200, body: { recoveryCodes } }),
      answer('GET /api/user', { status: 200, body: staffUser({ twoFactor: true }) }),
    ]);
    const files: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (file: Blob) => (files.push(file), 'blob:codes'),
        revokeObjectURL: () => {},
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('recovery-codes-sam.txt');
      expect(this.href).toBe('blob:codes');
    });

    await user.click(twoFactor().getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await twoFactor().findByLabelText('Code from the app'), '123456');
    await user.click(twoFactor().getByRole('button', { name: 'Turn on' }));
    await user.click(await twoFactor().findByRole('button', { name: 'Download (.txt)' }));

    expect(click).toHaveBeenCalledOnce();
    expect(files[0]?.type).toBe('text/plain;charset=utf-8');
    const text = await readText(files[0]!);
    expect(text).toMatch(/^Recovery codes for sam, made on \d{1,2} \w+ \d{4}\./);
    expect(text).toContain(`\n\n${recoveryCodes.join('\n')}\n`);
  });

  it('turns off with the password and a code', async () => {
    const { api, user } = renderAccount(staffUser({ twoFactor: true }), [
      answer('POST /api/user/two-factor/disable', [
        { status: 400, body: { error: 'Check the form', fieldErrors: { code: [invalidCodeMessage] } } },
        { status: 204 },
      ]),
      answer('GET /api/user', { status: 200, body: staffUser({ twoFactor: false }) }),
    ]);
    expect(statusOf()).toBe('Status: On');
    await user.click(twoFactor().getByRole('button', { name: 'Turn off' }));
    const form = within(twoFactor().getByRole('form', { name: 'Turn off two-factor sign-in' }));
    const password = form.getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));

    await user.click(form.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await form.findByText('Enter your password');
    form.getByText('Enter the code');

    await user.type(password, 'the password here');
    await user.type(form.getByLabelText('Code from the app, or a recovery code'), '000000');
    await user.click(form.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await form.findByText(invalidCodeMessage);

    await user.clear(form.getByLabelText('Code from the app, or a recovery code'));
    await user.type(form.getByLabelText('Code from the app, or a recovery code'), '123456');
    await user.click(form.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    await waitFor(() => expect(statusOf()).toBe('Status: Off'));
    twoFactor().getByRole('button', { name: 'Set up two-factor sign-in' });
    expect(api.calls.filter((call) => call.path === '/api/user/two-factor/disable').at(-1)?.body).toEqual({
      password: 'the password here',
      code: '123456',
    });
    expect(within(screen.getByRole('list', { name: 'Toasts' })).getByRole('listitem').textContent).toBe(
      'Two-factor sign-in is off: Signing in now needs only your username and password.',
    );
  });

  it('gives new recovery codes for the password and a code, shown once, and can be cancelled', async () => {
    const renewed = recoveryCodes.map((code) => code.split('').reverse().join(''));
    const { api, user } = renderAccount(staffUser({ twoFactor: true }), [
      answer('POST /api/user/two-factor/recovery-codes', [
        { status: 400, body: { error: 'Check the form', fieldErrors: { password: ['Wrong password'] } } },
        { status: 200, body: { recoveryCodes: renewed } },
      ]),
    ]);
    const renewButton = twoFactor().getByRole('button', { name: 'New recovery codes' });
    await user.click(renewButton);
    let form = within(twoFactor().getByRole('form', { name: 'New recovery codes' }));
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(document.activeElement).toBe(twoFactor().getByRole('button', { name: 'New recovery codes' })),
    );

    await user.click(twoFactor().getByRole('button', { name: 'New recovery codes' }));
    form = within(twoFactor().getByRole('form', { name: 'New recovery codes' }));
    await user.type(form.getByLabelText('Password'), 'not it');
    await user.type(form.getByLabelText('Code from the app, or a recovery code'), '123456');
    await user.click(form.getByRole('button', { name: 'Get new recovery codes' }));
    await form.findByText('Wrong password');
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Password')));

    await user.clear(form.getByLabelText('Password'));
    await user.type(form.getByLabelText('Password'), 'the password here');
    await user.click(form.getByRole('button', { name: 'Get new recovery codes' }));
    const codes = await twoFactor().findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(renewed);
    expect(
      api.calls.filter((call) => call.path === '/api/user/two-factor/recovery-codes').at(-1)?.body,
    ).toEqual({
      password: 'the password here',
      code: '123456',
    });
    expect(within(screen.getByRole('list', { name: 'Toasts' })).getByRole('listitem').textContent).toBe(
      'New recovery codes: Save them now: the old ones no longer work.',
    );
    await user.click(twoFactor().getByRole('button', { name: 'I have saved these codes' }));
    expect(twoFactor().queryByRole('list', { name: 'Recovery codes' })).toBeNull();
    expect(statusOf()).toBe('Status: On');
    twoFactor().getByRole('button', { name: 'New recovery codes' });
  });

  it('replaces the authenticator app only with the password and a current code, then a code of each app', async () => {
    const { api, user } = renderAccount(staffUser({ twoFactor: true }), [
      answer('POST /api/user/two-factor/setup', [{ status: 400, body: { error: wrongProofMessage } }, setup]),
      answer('POST /api/user/two-factor/enable', [
        { status: 400, body: { error: 'Check the form', fieldErrors: { newCode: [invalidCodeMessage] } } },
        { status: 200, body: { recoveryCodes } },
      ]),
      answer('GET /api/user', { status: 200, body: staffUser({ twoFactor: true }) }),
    ]);
    await user.click(twoFactor().getByRole('button', { name: 'Replace authenticator app' }));
    const form = within(twoFactor().getByRole('form', { name: 'Replace authenticator app' }));
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Password')));
    // Nothing is asked of the server without both.
    await user.click(form.getByRole('button', { name: 'Continue' }));
    await form.findByText('Enter your password');
    expect(api.requests()).not.toContain('POST /api/user/two-factor/setup');

    // A wrong proof: one message, whichever was wrong, and no QR code.
    await user.type(form.getByLabelText('Password'), 'the password here');
    await user.type(form.getByLabelText('Code from the app, or a recovery code'), '111111');
    await user.click(form.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Toasts' })).getByRole('listitem').textContent).toBe(
        `Authenticator app not replaced: ${wrongProofMessage}`,
      ),
    );
    expect(twoFactor().queryByRole('img', { name: 'QR code for your authenticator app' })).toBeNull();

    await user.clear(form.getByLabelText('Code from the app, or a recovery code'));
    await user.type(form.getByLabelText('Code from the app, or a recovery code'), '222222');
    await user.click(form.getByRole('button', { name: 'Continue' }));
    await twoFactor().findByRole('heading', { name: 'Set up your new authenticator app' });
    twoFactor().getByRole('img', { name: 'QR code for your authenticator app' });
    expect(api.calls.filter((call) => call.path === '/api/user/two-factor/setup').at(-1)?.body).toEqual({
      password: 'the password here',
      code: '222222',
    });

    await user.type(twoFactor().getByLabelText('Code from the new app'), '333333');
    await user.type(
      twoFactor().getByLabelText('A new code from your current app, or a recovery code'),
      '444444',
    );
    await user.click(twoFactor().getByRole('button', { name: 'Use the new app' }));
    await twoFactor().findByText(invalidCodeMessage);
    await user.clear(twoFactor().getByLabelText('Code from the new app'));
    await user.type(twoFactor().getByLabelText('Code from the new app'), '555555');
    await user.clear(twoFactor().getByLabelText('A new code from your current app, or a recovery code'));
    await user.type(
      twoFactor().getByLabelText('A new code from your current app, or a recovery code'),
      '666666',
    );
    await user.click(twoFactor().getByRole('button', { name: 'Use the new app' }));
    const codes = await twoFactor().findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(recoveryCodeCount);
    expect(api.calls.filter((call) => call.path === '/api/user/two-factor/enable').at(-1)?.body).toEqual({
      password: 'the password here',
      code: '666666',
      newCode: '555555',
    });
  });

  it('says why first, and starts with two-factor sign-in, when the business requires it', async () => {
    const { user } = renderAccount(staffUser({ twoFactorSetupRequired: true }), [
      answer('POST /api/user/two-factor/setup', setup),
      answer('POST /api/user/two-factor/enable', { status: 200, body: { recoveryCodes } }),
      answer('GET /api/user', { status: 200, body: staffUser({ twoFactor: true }) }),
      answer('GET /api/user/sessions', { status: 200, body: [] }),
    ]);
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    // Nothing else until it is on: the server refuses the rest to this account.
    expect(headings).toEqual([
      'Your business requires two-factor sign-in. Set it up to continue.',
      'Two-factor sign-in',
    ]);
    expect(screen.getByRole('note').textContent).toContain(
      'The rest of the dashboard opens as soon as it is on.',
    );

    await user.click(twoFactor().getByRole('button', { name: 'Set up two-factor sign-in' }));
    await user.type(await twoFactor().findByLabelText('Code from the app'), '123456');
    await user.click(twoFactor().getByRole('button', { name: 'Turn on' }));
    // Once on, the explanation goes and the codes stay where they were.
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
    twoFactor().getByRole('list', { name: 'Recovery codes' });
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Two-factor sign-in',
      'Your name',
      'Change password',
      "Where you're signed in",
    ]);
  });
});
