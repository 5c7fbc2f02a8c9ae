import { onlineManager, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isStaffRole } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { ApiError, apiRequest } from '#app/lib/api.ts';
import { forgetDayOnPhone } from '#app/features/jobs/phone/index.ts';

/** Browser storage keys of the staff area. */
export const storedUserKey = 'tyre-services.staff-user';
export const lastAdminUrlKey = 'last_admin_url';

export const currentUserQueryKey = ['/api/user'] as const;

/** Where staff land after signing in when no admin page was visited before. */
const defaultAdminPath = '/admin-dashboard';

/** Storage can be unavailable (private modes, blocked by policy): the site then works without it. */
function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

/** The user kept from the last sign-in; one that cannot be read is removed. */
export function readStoredUser(): StaffUser | null {
  const raw = storage()?.getItem(storedUserKey);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Record<keyof StaffUser, unknown>> | null;
    if (
      typeof value === 'object' &&
      value !== null &&
      typeof value.id === 'number' &&
      typeof value.username === 'string' &&
      isStaffRole(value.role) &&
      typeof value.twoFactor === 'boolean' &&
      typeof value.twoFactorSetupRequired === 'boolean'
    ) {
      const { id, username, role, twoFactor, twoFactorSetupRequired } = value;
      // Kept before accounts had display names: none until the next sign-in.
      const displayName = typeof value.displayName === 'string' ? value.displayName : null;
      return { id, username, displayName, role, twoFactor, twoFactorSetupRequired };
    }
  } catch {
    // Falls through to removal.
  }
  storage()?.removeItem(storedUserKey);
  return null;
}

export function storeUser(user: StaffUser | null): void {
  if (user) storage()?.setItem(storedUserKey, JSON.stringify(user));
  else storage()?.removeItem(storedUserKey);
}

/**
 * GET /api/user, where 401 means "nobody", not an error. A sign-out owed goes first: until the
 * server has it, nobody is signed in on this device.
 */
export async function fetchCurrentUser(): Promise<StaffUser | null> {
  if (await payOwedSignOut()) return null;
  try {
    return await apiRequest<StaffUser>('GET', '/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Who is signed in, as the server answers (then stored), else as stored when it cannot answer. */
export async function readCurrentUser(): Promise<StaffUser | null> {
  try {
    const user = await fetchCurrentUser();
    storeUser(user);
    return user;
  } catch (error) {
    const kept = error instanceof ApiError ? null : readStoredUser();
    if (kept) return kept;
    throw error;
  }
}

/**
 * The signed-in staff member: what the server said when it rendered the page, else the stored
 * user until GET /api/user answers, which always has the last word. Without an answer (no
 * signal) the stored user stands: My jobs opens again without signal from a copy of the page
 * that names no one.
 */
export function useCurrentUser(fromServer?: StaffUser | null) {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: readCurrentUser,
    initialData: fromServer,
    placeholderData: fromServer === undefined ? () => readStoredUser() ?? undefined : undefined,
  });
}

/**
 * A staff page's signed-in user (the page's loader has already sent signed-out visitors to /auth;
 * `fromServer` is left out by a page whose copy is kept on the phone, which names no one).
 * The page is remembered for the next sign-in; a session that ends while it is open (logout in
 * another tab, expiry, the account disabled) sends it back to /auth, which clears what the phone
 * kept of the day; and a copy restored from the back-forward cache after logout is reloaded
 * rather than shown.
 */
export function useStaffPage(fromServer?: StaffUser | null) {
  const user = useCurrentUser(fromServer);
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => rememberAdminPath(location.pathname), [location.pathname]);

  const signedOut = user.isSuccess && user.data === null;
  useEffect(() => {
    if (signedOut) void navigate('/auth', { replace: true });
  }, [signedOut, navigate]);

  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  return user;
}

/**
 * An admin path worth coming back to: only this site's own staff pages (no open redirect), the
 * dashboard and /update-hero.
 */
export function isAdminPath(path: string | null | undefined): path is string {
  return (
    typeof path === 'string' &&
    /^\/(admin(-dashboard|\/dashboard)(\/[a-z-]*)?|admin\/jobs|update-hero)$/i.test(path)
  );
}

export function rememberAdminPath(path: string): void {
  if (isAdminPath(path)) storage()?.setItem(lastAdminUrlKey, path);
}

/**
 * Where a successful login leads: the staff page that sent the visitor to sign in (`?next=`),
 * else the admin page last visited, else the dashboard.
 */
export function afterLoginPath(search = typeof window === 'undefined' ? '' : window.location.search): string {
  const next = new URLSearchParams(search).get('next');
  return isAdminPath(next) ? next : lastAdminPath();
}

export function lastAdminPath(): string {
  const stored = storage()?.getItem(lastAdminUrlKey);
  return isAdminPath(stored) ? stored : defaultAdminPath;
}

/**
 * Keys of what a staff page keeps in its browser tab (sessionStorage), such as unpublished
 * content edits: forgotten at sign-out, so the next person to sign in on the tab never sees them.
 */
export const staffTabStoragePrefix = 'tyre-services.staff.';

function forgetStaffTabStorage(): void {
  try {
    const tab = typeof window === 'undefined' ? undefined : window.sessionStorage;
    if (!tab) return;
    const keys = Array.from({ length: tab.length }, (_, index) => tab.key(index));
    for (const key of keys) if (key?.startsWith(staffTabStoragePrefix)) tab.removeItem(key);
  } catch {
    // Storage refused: there is nothing kept to forget.
  }
}

/**
 * Once a session has ended, however it ended: the stored user goes, and My jobs' kept days and
 * its service worker's copy of the page. Storage the browser refuses has kept nothing.
 * (Unpublished edits kept in the tab stay for the same person's next sign-in, unless they logged
 * out: `logOut`.)
 */
export async function forgetEndedSession(phone?: Parameters<typeof forgetDayOnPhone>[0]): Promise<void> {
  storeUser(null);
  await forgetDayOnPhone(phone).catch(() => undefined);
}

/**
 * A sign-out made without signal, kept (as a flag, nothing of the day) until the server has it:
 * the session cookie stays in the browser until then, and the session open on the server.
 */
const signOutOwedKey = 'tyre-services.sign-out-owed';
const owedListeners = new Set<() => void>();

export const isSignOutOwed = () => storage()?.getItem(signOutOwedKey) === 'true';

function setSignOutOwed(owed: boolean) {
  if (owed) storage()?.setItem(signOutOwedKey, 'true');
  else storage()?.removeItem(signOutOwedKey);
  for (const listener of owedListeners) listener();
}

function subscribeToOwed(listener: () => void) {
  owedListeners.add(listener);
  return () => owedListeners.delete(listener);
}

/** Sends the sign-out the phone owes, if it owes one; answers whether one is still owed. */
async function payOwedSignOut(): Promise<boolean> {
  if (!isSignOutOwed()) return false;
  try {
    await apiRequest('POST', '/api/logout');
  } catch {
    return true;
  }
  setSignOutOwed(false);
  return false;
}

/** How often a sign-out still owed is tried again, besides whenever the signal returns. */
const owedRetryMs = 15_000;

/**
 * Whether a sign-out is owed to the server (the staff pages then show that you are logged out,
 * and nothing else); while it is, it is sent whenever the signal returns.
 */
export function useSignOutOwed(): boolean {
  const owed = useSyncExternalStore(subscribeToOwed, isSignOutOwed, () => false);
  useEffect(() => {
    if (!owed) return;
    const pay = () => void payOwedSignOut();
    pay();
    const timer = setInterval(pay, owedRetryMs);
    window.addEventListener('online', pay);
    return () => {
      clearInterval(timer);
      window.removeEventListener('online', pay);
    };
  }, [owed]);
  return owed;
}

/**
 * POST /api/logout. Its answer tells the browser to clear what the site keeps in it
 * (Clear-Site-Data), the page to come back to at the next sign-in included, which names no one
 * and is kept again. Without an answer (no signal) the sign-out is owed, to go when the signal
 * returns; an answer refusing it (the server unwell) is thrown.
 */
async function endSession(): Promise<'ended' | 'owed'> {
  const comeBackTo = lastAdminPath();
  try {
    await apiRequest('POST', '/api/logout');
  } catch (error) {
    if (error instanceof ApiError) throw error;
    return 'owed';
  }
  rememberAdminPath(comeBackTo);
  return 'ended';
}

/**
 * Signs out: the server session ends (or is owed, without signal) and the device forgets who was
 * signed in and what they kept, in the tab and on the phone. `leave` moves away from the staff page; only
 * then is the query cache emptied, so nothing of the staff member's data stays in memory and the
 * page being left does not react to its own user vanishing.
 */
export async function logOut(
  queryClient: QueryClient,
  leave: (outcome: 'ended' | 'owed') => Promise<void>,
  { phone }: { phone?: Parameters<typeof forgetDayOnPhone>[0] } = {},
): Promise<void> {
  // A read on its way, or one that starts (a list refreshing, a page re-rendering, the cache being
  // emptied while the page is still on screen) once the session has ended, would be answered 401.
  // Reads are held as if offline, and those on their way dropped, until the staff pages are gone
  // (`resumeReadsAfterSignOut`, when their frame unmounts).
  onlineManager.setOnline(false);
  let outcome: 'ended' | 'owed';
  try {
    await queryClient.cancelQueries();
    outcome = await endSession();
  } catch (error) {
    onlineManager.setOnline(true);
    throw error;
  }
  forgetStaffTabStorage();
  await forgetEndedSession(phone);
  if (outcome === 'owed') setSignOutOwed(true);
  await leave(outcome);
  queryClient.clear();
  // Owed, the staff pages stay, showing only that you are logged out: they read again once it
  // has gone.
  if (outcome === 'owed') onlineManager.setOnline(true);
}

/**
 * Lets reads go again once the staff pages' frame (and its query cache) has gone: after the
 * frame's own cleanup and its cache's, so that nothing of the signed-out page reads anything.
 */
export function resumeReadsAfterSignOut(): void {
  setTimeout(() => onlineManager.setOnline(true), 0);
}
