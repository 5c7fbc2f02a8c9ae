// No validation library here: the diary, the jobs and the server's e-mails all name staff with it.

/** What names a staff account: its login, and the name its person goes by, when set. */
export type NamedAccount = { username: string; displayName?: string | null };

/** How colleagues are named on staff screens: their display name, else their username. */
export const staffName = ({ username, displayName }: NamedAccount) => displayName ?? username;

/**
 * How a customer is told who is coming: the first word of the display name ("Dave"), or nothing
 * without one. Never the username: it is half of a sign-in.
 */
export function firstNameOf(displayName: string | null | undefined): string | null {
  const first = displayName?.trim().split(/\s+/u)[0];
  return first ? first : null;
}
