import { z } from 'zod';

/** Values of environment variables that more than one part of the configuration reads (config.ts). */

/** An empty variable counts as unset. */
export const blankToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

export const httpOrigin = z
  .string()
  .trim()
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: 'must be an http:// or https:// URL such as https://www.example.com',
  })
  .transform((value) => new URL(value).origin);
