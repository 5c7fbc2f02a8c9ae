import * as z from 'zod/mini';

/**
 * The six digits an authenticator app shows, as turning two-factor sign-in on needs them (a
 * recovery code cannot do that). Spaces are ignored, as apps show "123 456".
 */
export const appCode = z.pipe(
  z.transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : '')),
  z.string().check(z.minLength(1, 'Enter the code'), z.regex(/^\d{6}$/, 'Enter the 6 digits your app shows')),
);

export const appCodeSchema = z.object({ code: appCode });

export type AppCodeValues = { code: string };
export type AppCodeInput = z.output<typeof appCodeSchema>;
