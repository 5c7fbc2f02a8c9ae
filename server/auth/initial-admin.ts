import { registrationSchema } from '#common/auth/auth.ts';
import { fieldErrorsOf } from '#common/http/field-errors.ts';
import type { Database } from '../db/client.ts';
import { createUser, hasAnyUser } from './service.ts';

/** A new account's details that were refused, with the reasons, one per line. */
export class AccountRefusedError extends Error {
  constructor(readonly reasons: string[]) {
    super(reasons.join('\n'));
    this.name = 'AccountRefusedError';
  }
}

/**
 * Adds a staff account from an operator's command (start-up variables, `npm run admin:create`),
 * with the same rules as registration. `onlyIfFirst` leaves an installation that has an account
 * alone. Returns false when nothing was added for that reason.
 */
export async function addStaffAccount(
  db: Database,
  input: { username: string; password: string },
  { onlyIfFirst }: { onlyIfFirst: boolean },
): Promise<boolean> {
  if (onlyIfFirst && (await hasAnyUser(db))) return false;
  const parsed = registrationSchema.safeParse(input);
  if (!parsed.success) throw new AccountRefusedError(Object.values(fieldErrorsOf(parsed.error)).flat());
  // Accounts added by the operator own the installation.
  const result = await createUser(db, parsed.data, { onlyIfFirst, role: 'owner' });
  switch (result.outcome) {
    case 'created':
      return true;
    case 'closed':
      return false;
    case 'taken':
      throw new AccountRefusedError([`The username "${parsed.data.username}" is already in use.`]);
    case 'invalid':
      throw new AccountRefusedError(Object.values(result.fieldErrors).flat());
  }
}

/**
 * What start-up warns while the installation has no staff account at all: how to add the first
 * one. Undefined once there is an account.
 */
export async function firstAccountWarning(db: Database): Promise<string | undefined> {
  if (await hasAnyUser(db)) return undefined;
  return (
    'there is no staff account yet: add the first with `npm run admin:create -- <username>` ' +
    '(it asks for the password), or set ADMIN_USERNAME and ADMIN_PASSWORD and start the server again; ' +
    'until then POST /api/register accepts a first account from anyone who can reach the server'
  );
}

/**
 * The same for the person at the terminal, after the start-up log, set apart by blank lines with
 * the command on a line of its own (the JSON line above is for log collectors).
 */
export const firstAccountHint = [
  '',
  'There is no staff account yet. Add the first (an owner) with this command, which asks for the',
  'password; the server may keep running:',
  '',
  '    npm run admin:create -- <username>',
  '',
  'or set ADMIN_USERNAME and ADMIN_PASSWORD for one start. Until then anyone who can reach the',
  'server may register the first account.',
  '',
  '',
].join('\n');
