// Kept apart from analytics.ts: every public page imports that one, and the validation library
// should reach the browser only with the forms that use it.
import * as z from 'zod/mini';
import { analyticsPathMaxLength } from './analytics.ts';

/**
 * The page-view event the site sends (event and path). `path` may carry the
 * page's query string, from which the campaign (utm_*) fields are read; `referrer` is the page's
 * document.referrer, from which only the host of another site is kept.
 */
export const pageViewEventSchema = z.object({
  event: z.literal('page_view', 'event must be page_view'),
  path: z
    .string('path must be text')
    .check(
      z.minLength(1, 'path is required'),
      z.maxLength(analyticsPathMaxLength, `path must be ${analyticsPathMaxLength} characters or fewer`),
      z.regex(/^\/(?!\/)[^\s\\]*$/, 'path must be a path on this site, starting with /'),
    ),
  referrer: z.optional(z.string().check(z.maxLength(2048))),
});

export type PageViewEvent = z.infer<typeof pageViewEventSchema>;
