// A module of its own: the sign-in forms (common/auth/auth.ts) and the account forms
// (accounts.ts) both check against these, and auth.ts already uses accounts.ts's roles.

/** Limits of staff accounts (OWASP ASVS 2.1). */
export const usernameLimits = { min: 3, max: 64 } as const;
export const passwordLimits = { min: 12, max: 128 } as const;

/** A staff member's display name ("Dave Smith"), once trimmed; empty clears it. */
export const displayNameLimits = { max: 60 } as const;
