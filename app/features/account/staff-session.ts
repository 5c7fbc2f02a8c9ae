import { onlineManager, useQuery, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isStaffRole } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { ApiError, apiRequest } from '#app/lib/api.ts';

/** Browser storage keys of the staff area. */
export const storedUserKey = 'tyre-services.staff-user';
export const lastAdminUrlKey = 'last_admin_url';

export const currentUserQueryKey = ['/api/user'] as const;

/** Where staff land after signing in when no admin page was visited before. */
export const defaultAdminPath = '/admin-dashboard';

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
      return { id, username, role, twoFactor, twoFactorSetupRequired };
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

/** GET /api/user, where 401 means "nobody", not an error. */
export async function fetchCurrentUser(): Promise<StaffUser | null> {
  try {
    return await apiRequest<StaffUser>('GET', '/api/user');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The signed-in staff member: what the server said when it rendered the page, else the stored
 * user until GET /api/user answers, which always has the last word.
 */
export function useCurrentUser(fromServer?: StaffUser | null) {
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: async () => {
      const user = await fetchCurrentUser();
      storeUser(user);
      return user;
    },
    initialData: fromServer,
    placeholderData: fromServer === undefined ? () => readStoredUser() ?? undefined : undefined,
  });
}

/**
 * A staff page's signed-in user (the page's loader has already sent signed-out visitors to /auth).
 * The page is remembered for the next sign-in; a session that ends while it is open (logout in
 * another tab, expiry) sends it back to /auth; and a copy restored from the back-forward cache
 * after logout is reloaded rather than shown.
 */
export function useStaffPage(fromServer: StaffUser | null) {
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
 * Signs out: the server session ends and the stored user is forgotten. `leave` moves away from the
 * staff page; only then is the query cache emptied, so nothing of the staff member's data stays
 * in memory and the page being left does not react to its own user vanishing.
 */
export async function logOut(queryClient: QueryClient, leave: () => Promise<void>): Promise<void> {
  // A read on its way, or one that starts (a list refreshing, a page re-rendering, the cache being
  // emptied while the page is still on screen) once the session has ended, would be answered 401.
  // Reads are held as if offline, and those on their way dropped, until the staff pages are gone
  // (`resumeReadsAfterSignOut`, when their frame unmounts).
  onlineManager.setOnline(false);
  try {
    await queryClient.cancelQueries();
    await apiRequest('POST', '/api/logout');
  } catch (error) {
    onlineManager.setOnline(true);
    throw error;
  }
  storeUser(null);
  forgetStaffTabStorage();
  await leave();
  queryClient.clear();
}

/**
 * Lets reads go again once the staff pages' frame (and its query cache) has gone: after the
 * frame's own cleanup and its cache's, so that nothing of the signed-out page reads anything.
 */
export function resumeReadsAfterSignOut(): void {
  setTimeout(() => onlineManager.setOnline(true), 0);
}
