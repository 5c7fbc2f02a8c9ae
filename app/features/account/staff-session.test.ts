// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  afterLoginPath,
  currentUserQueryKey,
  fetchCurrentUser,
  forgetEndedSession,
  isAdminPath,
  isSignOutOwed,
  lastAdminPath,
  logOut,
  resumeReadsAfterSignOut,
  lastAdminUrlKey,
  readCurrentUser,
  readStoredUser,
  rememberAdminPath,
  storedUserKey,
  staffTabStoragePrefix,
  storeUser,
} from './staff-session.ts';
import { onlineManager, QueryObserver } from '@tanstack/react-query';
import type { StaffUser } from '#common/auth/auth.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import { memoryCacheStorage, memoryStorage } from '#tests/support/memory-storage.ts';
import { memoryStore } from '#app/features/jobs/phone/phone-store.ts';
import { answer, networkFailure, serveApi, type ApiReply } from '#tests/support/api-handlers.ts';

// The page's storage as the module reads it (window.localStorage), the tab's where a test gives it.
let storage: Storage;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
});

const sam: StaffUser = {
  id: 4,
  username: 'sam',
  displayName: 'Sam Jones',
  role: 'staff',
  twoFactor: false,
  twoFactorSetupRequired: false,
};

describe('the stored user', () => {
  it('is kept at sign-in and forgotten at logout', () => {
    storeUser(sam);
    expect(readStoredUser()).toEqual(sam);
    storeUser(null);
    expect(readStoredUser()).toBeNull();
    expect(storage.getItem(storedUserKey)).toBeNull();
  });

  it('kept before accounts had display names is read without one', () => {
    const { displayName: _none, ...before } = sam;
    storage.setItem(storedUserKey, JSON.stringify(before));
    expect(readStoredUser()).toEqual({ ...sam, displayName: null });
  });

  it.each(['{not json', '"sam"', '{"id":"4","username":"sam"}', '{"id":4,"username":"sam"}', 'null'])(
    'is removed when it cannot be read (%s)',
    (raw) => {
      storage.setItem(storedUserKey, raw);
      expect(readStoredUser()).toBeNull();
      expect(storage.getItem(storedUserKey)).toBeNull();
    },
  );
});

describe('the last admin page', () => {
  it('is where staff land after signing in, else the dashboard', () => {
    expect(lastAdminPath()).toBe('/admin-dashboard');
    rememberAdminPath('/admin/dashboard/analytics');
    expect(lastAdminPath()).toBe('/admin/dashboard/analytics');
  });

  it.each([
    '/',
    '//evil.example',
    'https://evil.example/admin/dashboard',
    '/admin/dashboard/../../x',
    '/auth',
  ])('is never anything but an admin page of this site (%s)', (path) => {
    expect(isAdminPath(path)).toBe(false);
    storage.setItem(lastAdminUrlKey, path);
    expect(lastAdminPath()).toBe('/admin-dashboard');
  });
});

describe('the hero background page', () => {
  it('is remembered like the dashboard, so signing in comes back to it', () => {
    expect(isAdminPath('/update-hero')).toBe(true);
    rememberAdminPath('/update-hero');
    expect(lastAdminPath()).toBe('/update-hero');
  });

  it.each(['/update-hero/x', '/update-heroes', '/update-hero?next=//evil.example', '//update-hero'])(
    'is only that exact path (%s)',
    (path) => {
      expect(isAdminPath(path)).toBe(false);
    },
  );
});

describe('the page after login', () => {
  it('is the staff page named by ?next=, else the last admin page', () => {
    rememberAdminPath('/admin/dashboard/analytics');
    expect(afterLoginPath('?next=/update-hero')).toBe('/update-hero');
    expect(afterLoginPath('')).toBe('/admin/dashboard/analytics');
  });

  it.each(['?next=//evil.example', '?next=https://evil.example/admin/dashboard', '?next=/auth'])(
    'never leaves the staff pages of this site (%s)',
    (search) => {
      rememberAdminPath('/admin/dashboard/images');
      expect(afterLoginPath(search)).toBe('/admin/dashboard/images');
    },
  );
});

describe('signing out', () => {
  it('forgets what staff pages kept in the tab, such as unpublished content edits', async () => {
    const tab = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage, sessionStorage: tab });
    serveApi(answer('POST /api/logout', { status: 204 }));
    storeUser(sam);
    tab.setItem(`${staffTabStoragePrefix}site-content-draft`, '{"draft":{}}');
    tab.setItem('splash-something-else', 'kept');
    const leave = vi.fn(async () => undefined);
    await logOut(createQueryClient(), leave);
    expect(leave).toHaveBeenCalledOnce();
    expect(readStoredUser()).toBeNull();
    expect(tab.getItem(`${staffTabStoragePrefix}site-content-draft`)).toBeNull();
    expect(tab.getItem('splash-something-else')).toBe('kept');
  });

  it('forgets the days My jobs kept and its service worker’s copy of the page, and keeps the page to come back to', async () => {
    vi.stubGlobal('window', { localStorage: storage, sessionStorage: memoryStorage() });
    // The answer's Clear-Site-Data empties the site's storage before the page hears it.
    serveApi(
      answer('POST /api/logout', () => {
        storage.clear();
        return { status: 204 };
      }),
    );
    rememberAdminPath('/admin/jobs');
    const store = memoryStore();
    await store.set('day:4:2026-11-29', { jobs: [], savedAt: '' });
    await store.set('actions:4', [{ key: 'k1' }]);
    const cacheStorage = memoryCacheStorage(['my-jobs-v2']);
    const leave = vi.fn(async () => undefined);
    await logOut(createQueryClient(), leave, { phone: { store, cacheStorage } });
    expect(leave).toHaveBeenCalledWith('ended');
    expect([...store.values.keys()]).toEqual(['actions:4']);
    expect([...cacheStorage.held]).toEqual([]);
    expect(lastAdminPath()).toBe('/admin/jobs');
    expect(isSignOutOwed()).toBe(false);
  });

  it('without signal clears the phone at once, and ends the session when the signal returns', async () => {
    vi.stubGlobal('window', { localStorage: storage, sessionStorage: memoryStorage() });
    let signal = false;
    const { requests } = serveApi(
      answer('POST /api/logout', () => (signal ? { status: 204 } : networkFailure)),
      answer('GET /api/user', () =>
        signal ? { status: 401, body: { error: 'Not signed in.' } } : networkFailure,
      ),
    );
    storeUser(sam);
    const store = memoryStore();
    await store.set('day:4:2026-11-29', { jobs: [], savedAt: '' });
    const cacheStorage = memoryCacheStorage(['my-jobs-v2']);
    const leave = vi.fn(async () => undefined);
    const queryClient = createQueryClient();
    await logOut(queryClient, leave, { phone: { store, cacheStorage } });
    expect(leave).toHaveBeenCalledWith('owed');
    expect(readStoredUser()).toBeNull();
    expect([...store.values.keys()]).toEqual([]);
    expect([...cacheStorage.held]).toEqual([]);
    // Owed: a flag, nothing of the day.
    expect(isSignOutOwed()).toBe(true);
    expect(storage.length).toBe(1);
    expect(storage.key(0)).toBe('tyre-services.sign-out-owed');
    // Still without signal, nobody is signed in on the phone, and the sign-out is still owed.
    expect(await fetchCurrentUser()).toBeNull();
    expect(isSignOutOwed()).toBe(true);

    signal = true;
    const withoutSignal = requests().length;
    expect(await fetchCurrentUser()).toBeNull();
    expect(requests().slice(withoutSignal)).toEqual(['POST /api/logout', 'GET /api/user']);
    expect(isSignOutOwed()).toBe(false);
    expect(onlineManager.isOnline()).toBe(true);
  });

  it('starts no read once it has begun, and lets reads go again if the sign-out fails', async () => {
    vi.stubGlobal('window', { localStorage: storage, sessionStorage: memoryStorage() });
    let answerLogout: (reply: ApiReply<'POST /api/logout'>) => void = () => {};
    const api = serveApi(
      answer('POST /api/logout', () => new Promise((resolve) => (answerLogout = resolve))),
      answer('GET /api/enquiries', { status: 200, body: [] }),
    );
    const queryClient = createQueryClient();
    const signingOut = logOut(queryClient, async () => undefined);
    // A list asked for while the sign-out is on its way is not sent.
    const read = queryClient.fetchQuery({ queryKey: ['/api/enquiries'], staleTime: 0 });
    await vi.waitFor(() => expect(api.requests()).toEqual(['POST /api/logout']));
    answerLogout({ status: 204 });
    await signingOut;
    expect(api.requests()).toEqual(['POST /api/logout']);
    void read.catch(() => undefined);
    // Reads go again once the staff pages have gone.
    resumeReadsAfterSignOut();
    await vi.waitFor(() => expect(onlineManager.isOnline()).toBe(true));

    const { requests } = serveApi(
      answer('POST /api/logout', { status: 503, body: { error: 'Down' } }),
      answer('GET /api/enquiries', { status: 200, body: [] }),
    );
    await expect(logOut(queryClient, async () => undefined)).rejects.toThrow();
    await queryClient.fetchQuery({ queryKey: ['/api/enquiries'], staleTime: 0 });
    expect(requests()).toEqual(['POST /api/logout', 'GET /api/enquiries']);
  });
});

describe('who is signed in', () => {
  it('is the server’s answer, else, without one, the user stored at sign-in', async () => {
    storeUser(sam);
    const theUser = (reply: ApiReply<'GET /api/user'>) => serveApi(answer('GET /api/user', reply));
    theUser({ status: 200, body: sam });
    expect(await readCurrentUser()).toEqual(sam);
    theUser(networkFailure);
    expect(await readCurrentUser()).toEqual(sam);
    // The server unwell is its answer, not a missing one.
    theUser({ status: 503, body: { error: 'Down' } });
    await expect(readCurrentUser()).rejects.toThrow('503');
    theUser({ status: 401, body: { error: 'Not signed in.' } });
    expect(await readCurrentUser()).toBeNull();
    expect(readStoredUser()).toBeNull();
    theUser(networkFailure);
    await expect(readCurrentUser()).rejects.toThrow('Failed to fetch');
  });
});

describe('a session found ended', () => {
  it('forgets the stored user and the phone’s day, and keeps unpublished edits for the next sign-in', async () => {
    const tab = memoryStorage();
    vi.stubGlobal('window', { localStorage: storage, sessionStorage: tab });
    storeUser(sam);
    tab.setItem(`${staffTabStoragePrefix}site-content-draft`, '{"draft":{}}');
    const store = memoryStore();
    await store.set('day:4:2026-11-29', { jobs: [], savedAt: '' });
    await store.set('actions:4', [{ key: 'k1' }]);
    const cacheStorage = memoryCacheStorage(['my-jobs-v2']);
    await forgetEndedSession({ store, cacheStorage });
    expect(readStoredUser()).toBeNull();
    expect([...store.values.keys()]).toEqual(['actions:4']);
    expect([...cacheStorage.held]).toEqual([]);
    expect(tab.getItem(`${staffTabStoragePrefix}site-content-draft`)).toBe('{"draft":{}}');
  });
});

describe('a session that ends while a staff page is open', () => {
  it('asks who is signed in again at the first 401, which a staff page takes as signed out', async () => {
    let signedIn = true;
    const signedOut = { status: 401, body: { error: 'Please sign in to continue.' } } as const;
    const { requests } = serveApi(
      answer('GET /api/user', () =>
        signedIn ? { status: 200, body: sam } : { status: 401, body: { error: 'Not signed in.' } },
      ),
      answer('GET /api/enquiries', () => (signedIn ? { status: 200, body: [] } : signedOut)),
      // Read only once the account is disabled.
      answer('GET /api/analytics/stats', signedOut),
    );
    const queryClient = createQueryClient();
    const observer = new QueryObserver(queryClient, {
      queryKey: currentUserQueryKey,
      queryFn: fetchCurrentUser,
    });
    const stop = observer.subscribe(() => undefined);
    try {
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual(sam));
      await queryClient.fetchQuery({ queryKey: ['/api/enquiries'], staleTime: 0 });
      expect(requests()).toEqual(['GET /api/user', 'GET /api/enquiries']);

      // The account is disabled: its next request is refused, and the user is asked for again.
      signedIn = false;
      await expect(
        queryClient.fetchQuery({ queryKey: ['/api/analytics/stats'], staleTime: 0 }),
      ).rejects.toThrow('401');
      await vi.waitFor(() => expect(observer.getCurrentResult().data).toBeNull());
      expect(requests()).toEqual([
        'GET /api/user',
        'GET /api/enquiries',
        'GET /api/analytics/stats',
        'GET /api/user',
      ]);
    } finally {
      stop();
    }
  });
});
