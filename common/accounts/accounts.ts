// Staff accounts, two-factor sign-in and the activity log: the API's shapes and sentences, shared
// by the server and the dashboard.
import * as z from 'zod/mini';
import { displayNameLimits, passwordLimits, usernameLimits } from './limits.ts';
import { isOneOf } from '#common/util/words.ts';

/**
 * Owners manage accounts and settings; staff run the office side; fitters see their own jobs
 * (My jobs) and their own account, and nothing else.
 */
export const staffRoles = ['owner', 'staff', 'fitter'] as const;
export type StaffRole = (typeof staffRoles)[number];

export const isStaffRole = (value: unknown): value is StaffRole => isOneOf(staffRoles, value);

export const roleLabels: Record<StaffRole, string> = { owner: 'Owner', staff: 'Staff', fitter: 'Fitter' };

/** The office's roles: every staff endpoint but a fitter's own is for them. */
export const isOfficeRole = (role: StaffRole) => role !== 'fitter';

/** A set-up link works this long after it is made, once. */
export const setupLinkHours = 72;

/** How many single-use recovery codes two-factor sign-in comes with. */
export const recoveryCodeCount = 10;

/** An account as the Staff section lists it (`GET /api/users`). Times are ISO 8601. */
export type StaffAccount = {
  id: number;
  username: string;
  /** The name colleagues and customers read ("Dave Smith"), or null when not set. */
  displayName: string | null;
  role: StaffRole;
  createdAt: string;
  lastSignInAt: string | null;
  twoFactor: boolean;
  disabled: boolean;
  /** False until the person has chosen a password through their set-up link. */
  setUp: boolean;
};

/** A fitter the office can give jobs to (`GET /api/fitters`, owners and staff). */
export type Fitter = { id: number; name: string };

/** A one-time set-up link, to hand to the person it is for. */
export type SetupLink = { setupUrl: string; setupExpiresAt: string };

/** `POST /api/users`'s answer: the new account and its set-up link. */
export type NewStaffAccount = StaffAccount & SetupLink;

/** `GET /api/account-setup/{token}`: whose link it is. */
export type AccountSetupInfo = { username: string; expiresAt: string };

/** One of the signed-in user's own sessions (`GET /api/user/sessions`). */
export type StaffSession = {
  id: number;
  /** From the user agent, e.g. "Chrome 131"; "Unknown browser" when it says nothing useful. */
  browser: string;
  /** E.g. "Android 14", "Windows 10"; "Unknown system" likewise. */
  os: string;
  createdAt: string;
  lastSeenAt: string;
  /** The session of the request that asked. */
  current: boolean;
};

/** `POST /api/user/two-factor/setup`: the new secret (base32) and its otpauth:// URL for a QR code. */
export type TwoFactorSetup = { secret: string; otpauthUrl: string };

/**
 * `POST /api/user/two-factor/enable` and `POST /api/user/two-factor/recovery-codes`: shown once,
 * never again.
 */
export type RecoveryCodes = { recoveryCodes: string[] };

/** `GET`/`PUT /api/settings/security` (owners). */
export type SecuritySettings = { requireTwoFactor: boolean };

/** `POST /api/login`'s answer when the password was right and a code is needed next. */
export type TwoFactorChallenge = { twoFactorRequired: true };

export const activityKinds = [
  'sign-in',
  'sign-in-failed',
  'sign-in-throttled',
  'sign-in-locked',
  'two-factor-failed',
  'sign-out',
  'session-ended',
  'password-changed',
  'two-factor-enabled',
  'two-factor-disabled',
  'recovery-codes-renewed',
  'recovery-code-used',
  'account-created',
  'account-set-up',
  'access-reset',
  'role-changed',
  'display-name-changed',
  'account-disabled',
  'account-enabled',
  'account-deleted',
  'security-settings-changed',
  'enquiry-status-changed',
  'enquiry-note-added',
  'enquiry-deleted',
  'enquiries-exported',
  'booking-changed',
  'privacy-exported',
  'privacy-erased',
  'image-changed',
  'content-published',
  'settings-changed',
  'tyre-changed',
  'tyres-imported',
  'tyre-hold-released',
  'outbox-sent',
  'outbox-discarded',
  'job-updated',
  'payment-taken',
  'payment-link-made',
  'refund-asked',
  'credit-note-issued',
  'vehicle-changed',
  'vehicle-looked-up',
  'reminders-sent',
] as const;
export type ActivityKind = (typeof activityKinds)[number];

export const isActivityKind = (value: unknown): value is ActivityKind => isOneOf(activityKinds, value);

/** How the activity log names each kind. */
export const activityKindLabels: Record<ActivityKind, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'sign-in-throttled': 'Sign-in throttled',
  'sign-in-locked': 'Sign-in locked',
  'two-factor-failed': 'Two-factor code refused',
  'sign-out': 'Signed out',
  'session-ended': 'Session ended',
  'password-changed': 'Password changed',
  'two-factor-enabled': 'Two-factor turned on',
  'two-factor-disabled': 'Two-factor turned off',
  'recovery-codes-renewed': 'New recovery codes',
  'recovery-code-used': 'Recovery code used',
  'account-created': 'Account added',
  'account-set-up': 'Account set up',
  'access-reset': 'Access reset',
  'role-changed': 'Role changed',
  'display-name-changed': 'Name changed',
  'account-disabled': 'Account disabled',
  'account-enabled': 'Account enabled',
  'account-deleted': 'Account deleted',
  'security-settings-changed': 'Security settings changed',
  'enquiry-status-changed': 'Enquiry status changed',
  'enquiry-note-added': 'Note added',
  'enquiry-deleted': 'Enquiry deleted',
  'enquiries-exported': 'Enquiries exported',
  'booking-changed': 'Booking changed',
  'privacy-exported': 'Personal data exported',
  'privacy-erased': 'Personal data erased',
  'image-changed': 'Image changed',
  'content-published': 'Content published',
  'settings-changed': 'Settings changed',
  'tyre-changed': 'Tyre changed',
  'tyres-imported': 'Tyre prices imported',
  'tyre-hold-released': 'Held tyres released',
  'outbox-sent': 'Waiting e-mail sent',
  'outbox-discarded': 'Waiting e-mail discarded',
  'job-updated': 'Job updated',
  'payment-taken': 'Payment taken',
  'payment-link-made': 'Card payment link made',
  'refund-asked': 'Refund asked',
  'credit-note-issued': 'Credit note issued',
  'vehicle-changed': 'Vehicle changed',
  'vehicle-looked-up': 'Vehicle looked up again',
  'reminders-sent': 'Reminders sent',
};

/**
 * One entry of the activity log (`GET /api/activity`, owners), newest first. Never a password,
 * code, token or erased data: `detail` holds only what names the change (a status, a role, an
 * image slot, a version, a count).
 */
export type ActivityEntry = {
  id: number;
  occurredAt: string;
  /**
   * Who did it: the account's display name, else its username at the time (kept after the account
   * is deleted); or null.
   */
  actor: string | null;
  actorId: number | null;
  kind: ActivityKind;
  /** A short hash of the client's address (the address itself is never stored), or null. */
  client: string | null;
  /** What it was done to, e.g. "enquiry ENQ-2611-0042", "account alex", "image hero"; or null. */
  target: string | null;
  detail: Record<string, string | number | boolean | null>;
};

/** `GET /api/activity`'s page size unless `limit` says otherwise (at most 200). */
export const activityPageSize = 50;

export const ownersOnlyMessage = 'Only an owner can do this.';
export const officeOnlyMessage = 'Fitters’ accounts open My jobs and their own account only.';
export const lastOwnerMessage = 'There must always be at least one active owner.';
export const setupLinkInvalidMessage =
  'This set-up link has expired or has already been used. Ask an owner for a new one.';
export const twoFactorSetupNeededMessage = 'Set up two-factor sign-in before going on.';
export const invalidCodeMessage = 'That code is not right. Check your app and try again.';
export const wrongCurrentPasswordMessage = 'Your current password is not right';
/** One answer for a wrong password and a wrong code, so that it tells neither apart. */
export const wrongProofMessage = 'Your password or code is not right.';
export const tooManyProofsMessage = 'Too many wrong passwords or codes. Please wait a while and try again.';
export const noPendingSignInMessage = 'Your sign-in has expired. Please enter your password again.';

type Check = Parameters<z.ZodMiniString['check']>[number];
const text = (...checks: Check[]) =>
  z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value : '')),
    z.string().check(...checks),
  );

const newPassword = text(
  z.minLength(passwordLimits.min, `Password must be at least ${passwordLimits.min} characters`),
  z.maxLength(passwordLimits.max, `Password must be ${passwordLimits.max} characters or fewer`),
);

/**
 * A display name as typed: trimmed, and cleared (null) when empty; letters, spaces and the like,
 * no line breaks or other control characters (it goes into e-mails' text).
 */
export const displayNameSchema = z.pipe(
  z.transform((value: unknown) => {
    if (value === null || value === undefined) return null;
    return typeof value === 'string' ? value.trim() || null : value;
  }),
  z.nullable(
    z
      .string('Name must be text')
      .check(
        z.maxLength(displayNameLimits.max, `Name must be ${displayNameLimits.max} characters or fewer`),
        z.regex(/^[^\p{Cc}]*$/u, 'Name must be on one line, without control characters'),
      ),
  ),
);

/** `PUT /api/user/display-name`: the signed-in person's own name; null or empty clears it. */
export const ownDisplayNameSchema = z.object({ displayName: displayNameSchema });

/** `POST /api/users`. */
export const newAccountSchema = z.object({
  displayName: z.optional(displayNameSchema),
  username: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
    z
      .string()
      .check(
        z.minLength(usernameLimits.min, `Username must be at least ${usernameLimits.min} characters`),
        z.maxLength(usernameLimits.max, `Username must be ${usernameLimits.max} characters or fewer`),
        z.regex(/^[\p{L}\p{N}._@-]*$/u, 'Username may use letters, digits and . _ @ - only'),
      ),
  ),
  role: z.enum(staffRoles, 'Choose Owner or Staff'),
});

/** `PATCH /api/users/{id}`: any of them; a display name of null or empty clears it. */
export const accountChangeSchema = z.object({
  displayName: z.optional(displayNameSchema),
  role: z.optional(z.enum(staffRoles, 'Choose Owner or Staff')),
  disabled: z.optional(z.boolean('disabled is true or false')),
});

/** `POST /api/account-setup/{token}`. */
export const accountSetupSchema = z.object({ password: newPassword });

/** `POST /api/user/password`. */
export const passwordChangeSchema = z.object({
  currentPassword: text(z.minLength(1, 'Enter your current password')),
  newPassword,
});

/** A code as typed: digits of an authenticator app, or a recovery code (spaces and dashes ignored). */
const code = text(z.minLength(1, 'Enter the code'), z.maxLength(64, 'That code is too long'));

export const codeSchema = z.object({ code });

/**
 * The proof of the account's current second factor: `POST /api/user/two-factor/disable`,
 * `POST /api/user/two-factor/recovery-codes`, and `POST /api/user/two-factor/setup` while
 * two-factor sign-in is on.
 */
export const twoFactorProofSchema = z.object({
  password: text(z.minLength(1, 'Enter your password')),
  code,
});

/**
 * `POST /api/user/two-factor/enable` while two-factor sign-in is on (replacing the authenticator):
 * the proof of the current one, and `newCode` from the new one.
 */
export const twoFactorReplaceSchema = z.extend(twoFactorProofSchema, {
  newCode: text(z.minLength(1, 'Enter the code from the new app'), z.maxLength(64, 'That code is too long')),
});

/** `PUT /api/settings/security`. */
export const securitySettingsSchema = z.object({
  requireTwoFactor: z.boolean('requireTwoFactor is true or false'),
});
