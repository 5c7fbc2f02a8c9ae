/** The body of every API error (DESIGN.md, security model). */
export type ApiErrorBody = { error: string; fieldErrors?: Record<string, string[]> };
