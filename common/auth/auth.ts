import * as z from 'zod/mini';
import type { StaffRole } from '#common/accounts/accounts.ts';
import { passwordLimits, usernameLimits } from '#common/accounts/limits.ts';

type Check = Parameters<z.ZodMiniString['check']>[number];

/**
 * A text field: anything that is not a string reads as empty, so a missing field gets the
 * field's own message. Usernames are trimmed; a password is taken exactly as typed.
 */
const field = (trim: 'trim' | 'as typed', ...checks: Check[]) =>
  z.pipe(
    z.transform((value: unknown) =>
      typeof value !== 'string' ? '' : trim === 'trim' ? value.trim() : value,
    ),
    z.string().check(...checks),
  );

/** The admin login form. */
export const loginSchema = z.object({
  username: field('trim', z.minLength(1, 'Username is required'), z.maxLength(256, 'Username is too long')),
  password: field(
    'as typed',
    z.minLength(1, 'Password is required'),
    z.maxLength(1024, 'Password is too long'),
  ),
});

/** A new staff account. The server also refuses common passwords (server/auth/password-policy.ts). */
export const registrationSchema = z.object({
  username: field(
    'trim',
    z.minLength(usernameLimits.min, `Username must be at least ${usernameLimits.min} characters`),
    z.maxLength(usernameLimits.max, `Username must be ${usernameLimits.max} characters or fewer`),
    z.regex(/^[\p{L}\p{N}._@-]*$/u, 'Username may use letters, digits and . _ @ - only'),
  ),
  password: field(
    'as typed',
    z.minLength(passwordLimits.min, `Password must be at least ${passwordLimits.min} characters`),
    z.maxLength(passwordLimits.max, `Password must be ${passwordLimits.max} characters or fewer`),
  ),
});

export type LoginInput = z.output<typeof loginSchema>;
export type RegistrationInput = z.output<typeof registrationSchema>;

/** The signed-in staff member, as GET /api/user, login and registration answer. */
export type StaffUser = {
  id: number;
  username: string;
  /** The name colleagues and customers read, or null when not set (common/accounts/staff-names.ts). */
  displayName: string | null;
  role: StaffRole;
  /** Two-factor sign-in is on for this account. */
  twoFactor: boolean;
  /**
   * Owners require two-factor sign-in and this account has none yet: until it is set up, the
   * account can do nothing else (every other staff endpoint answers 403).
   */
  twoFactorSetupRequired: boolean;
};
