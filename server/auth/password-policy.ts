import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../paths.ts';

const listFile = path.join(projectRoot, 'server', 'auth', 'common-passwords.txt');

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    fs
      .readFileSync(listFile, 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return commonPasswords;
}

export const commonPasswordMessage = 'This password is too common. Choose one that is harder to guess.';
export const passwordContainsUsernameMessage = 'The password must not contain the username.';

/**
 * Why a new password is too easy to guess, or null when it is acceptable. Length is checked by
 * the registration schema; this adds what needs the shipped list (NIST SP 800-63B 5.1.1.2):
 * a common password, or a common password followed only by digits and symbols
 * ("Password2024!"), is refused, as is one containing the username.
 */
export function weakPasswordReason(password: string, username: string): string | null {
  const lowered = password.toLowerCase();
  const list = loadCommonPasswords();
  const stem = lowered.replace(/[\d\W_]+$/u, '');
  if (list.has(lowered) || (stem.length >= 4 && list.has(stem))) return commonPasswordMessage;
  if (username.length >= 3 && lowered.includes(username.toLowerCase()))
    return passwordContainsUsernameMessage;
  return null;
}
