import type { StaffSession } from '#common/accounts/accounts.ts';
import { formatLongDay } from '#common/time/formats.ts';

/** "Chrome 131 on Windows 10": how the sessions list and its toasts name a device. */
export const deviceName = (session: Pick<StaffSession, 'browser' | 'os'>) =>
  `${session.browser} on ${session.os}`;

/** A base32 secret in groups of four ("JBSW Y3DP EHPK 3PXP"), easier to type into an app by hand. */
export const groupedKey = (secret: string) =>
  secret
    .replace(/\s+/g, '')
    .match(/.{1,4}/g)
    ?.join(' ') ?? '';

/** The text file of recovery codes: whose they are, when they were made, one code a line. */
export function recoveryCodesText(username: string, codes: readonly string[], madeAt: Date): string {
  const day = formatLongDay(madeAt);
  return [
    `Recovery codes for ${username}, made on ${day}.`,
    'Each code signs you in once when you cannot use your authenticator app.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export const recoveryCodesFileName = (username: string) =>
  `recovery-codes-${username.replace(/[^\p{L}\p{N}._-]+/gu, '-')}.txt`;

/** An authenticator app's code field: phones offer digits, and the code from a text or app. */
export const appCodeInput = {
  inputMode: 'numeric',
  autoComplete: 'one-time-code',
  autoCapitalize: 'none',
  spellCheck: false,
} as const;

/** A recovery code field ("abcde-fghij"): letters, as typed, never corrected. */
export const recoveryCodeInput = {
  autoComplete: 'off',
  autoCapitalize: 'none',
  autoCorrect: 'off',
  spellCheck: false,
} as const;
