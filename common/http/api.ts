/** The body of every API error: a sentence, and for a form the messages of each bad field. */
export type ApiErrorBody = { error: string; fieldErrors?: Record<string, string[]> };

/**
 * The fixed header every staff request carries (`X-Admin-Request: 1`). It is not a secret: it is a
 * CSRF guard, because a cross-site form or image cannot send a custom header, and a cross-site
 * fetch that does needs a CORS permission this server never gives.
 */
export const adminRequestHeader = { name: 'X-Admin-Request', value: '1' } as const;
