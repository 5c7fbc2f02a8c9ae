import { useSyncExternalStore } from 'react';

/**
 * Cookie consent (UK GDPR and PECR; docs/features.md, Cookie consent): what the visitor allows, kept in browser
 * storage, and whether the banner is showing. One store drives the banner, the Cookie Settings
 * page and the footer's Cookie Settings button; the effects of a choice (Consent Mode, the
 * analytics tag, clearing cookies) follow it in consent-effects.ts.
 */

export const consentCategories = ['essential', 'analytics', 'marketing', 'preferences'] as const;
export type ConsentCategory = (typeof consentCategories)[number];
export type ConsentPreferences = { essential: true } & Record<Exclude<ConsentCategory, 'essential'>, boolean>;

/** Browser storage keys: the flag is the string 'true'; preferences are JSON. */
export const consentStorageKeys = {
  consent: 'cookie_consent',
  preferences: 'cookie_preferences',
} as const;
/** Set for the rest of the browser session when the banner is closed without a choice. */
export const bannerDismissedKey = 'cookie_banner_dismissed';

/** The banner appears this long after load when nothing is stored. */
export const consentBannerDelayMs = 1000;

export const essentialOnly: ConsentPreferences = {
  essential: true,
  analytics: false,
  marketing: false,
  preferences: false,
};
export const allAllowed: ConsentPreferences = {
  essential: true,
  analytics: true,
  marketing: true,
  preferences: true,
};

export type ConsentState = {
  hasConsented: boolean;
  preferences: ConsentPreferences;
  bannerOpen: boolean;
  /** The banner shows its Cookie Preferences view rather than the compact one. */
  showingPreferences: boolean;
};

export const initialConsentState: ConsentState = {
  hasConsented: false,
  preferences: essentialOnly,
  bannerOpen: false,
  showingPreferences: false,
};

type ConsentAction =
  | { type: 'accept-all' }
  | { type: 'reject-non-essential' }
  | { type: 'update'; preferences: Partial<Omit<ConsentPreferences, 'essential'>> }
  | { type: 'show-banner' }
  | { type: 'show-preferences' }
  | { type: 'hide' }
  | { type: 'reset' };

const chosen = (preferences: ConsentPreferences): ConsentState => ({
  hasConsented: true,
  preferences,
  bannerOpen: false,
  showingPreferences: false,
});

/** How the choice and the banner change. A choice closes the banner; reset opens it again. */
export function consentReducer(state: ConsentState, action: ConsentAction): ConsentState {
  switch (action.type) {
    case 'accept-all':
      return chosen(allAllowed);
    case 'reject-non-essential':
      return chosen(essentialOnly);
    case 'update':
      return chosen(normalise({ ...state.preferences, ...action.preferences }));
    case 'show-banner':
      return { ...state, bannerOpen: true };
    case 'show-preferences':
      return { ...state, bannerOpen: true, showingPreferences: true };
    case 'hide':
      return { ...state, bannerOpen: false, showingPreferences: false };
    case 'reset':
      return { ...initialConsentState, bannerOpen: true };
  }
}

/** Booleans for the four categories, essential always true, whatever was given. */
function normalise(value: Partial<Record<ConsentCategory, unknown>>): ConsentPreferences {
  return {
    essential: true,
    analytics: value.analytics === true,
    marketing: value.marketing === true,
    preferences: value.preferences === true,
  };
}

export const samePreferences = (a: ConsentPreferences, b: ConsentPreferences) =>
  consentCategories.every((category) => a[category] === b[category]);

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * The stored choice, or null when there is none. Anything that is not a choice this site wrote
 * (a flag other than 'true', preferences that are not a JSON object) counts as no consent, and
 * is cleaned up so that the visitor is asked again.
 */
export function readStoredConsent(storage: KeyValueStorage): ConsentPreferences | null {
  const flag = storage.getItem(consentStorageKeys.consent);
  const raw = storage.getItem(consentStorageKeys.preferences);
  if (flag === null && raw === null) return null;
  try {
    const parsed: unknown = raw === null ? null : JSON.parse(raw);
    if (flag === 'true' && typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      return normalise(parsed as Record<string, unknown>);
    }
  } catch {
    // Not JSON: cleaned up below.
  }
  clearStoredConsent(storage);
  return null;
}

export function writeStoredConsent(storage: KeyValueStorage, preferences: ConsentPreferences): void {
  storage.setItem(consentStorageKeys.consent, 'true');
  storage.setItem(consentStorageKeys.preferences, JSON.stringify(preferences));
}

function clearStoredConsent(storage: KeyValueStorage): void {
  storage.removeItem(consentStorageKeys.consent);
  storage.removeItem(consentStorageKeys.preferences);
}

/** localStorage, or null where it cannot be used (server rendering, storage switched off). */
function browserStorage(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

// The store: module state in the browser, the initial state on the server.
let state: ConsentState = initialConsentState;
let loaded = false;
const listeners = new Set<() => void>();

function load(): ConsentState {
  if (!loaded && typeof window !== 'undefined') {
    loaded = true;
    const stored = readStoredConsent(browserStorage('localStorage') ?? memoryStorage());
    if (stored) state = chosen(stored);
  }
  return state;
}

function memoryStorage(): KeyValueStorage {
  return { getItem: () => null, setItem: () => {}, removeItem: () => {} };
}

/** The actions that are a choice, stored as soon as they are made. */
const choices = new Set<ConsentAction['type']>(['accept-all', 'reject-non-essential', 'update']);

/** Applies a transition, keeps storage in step with it, and tells every subscriber. */
export function dispatchConsent(action: ConsentAction): void {
  const previous = load();
  const next = consentReducer(previous, action);
  if (next === previous) return;
  const storage = browserStorage('localStorage');
  if (storage) {
    if (action.type === 'reset') clearStoredConsent(storage);
    else if (choices.has(action.type)) writeStoredConsent(storage, next.preferences);
  }
  if (action.type === 'hide' && !next.hasConsented) {
    browserStorage('sessionStorage')?.setItem(bannerDismissedKey, 'true');
  }
  if (action.type === 'reset') browserStorage('sessionStorage')?.removeItem(bannerDismissedKey);
  state = next;
  for (const listener of listeners) listener();
}

/** The state as the browser has it (stored choice loaded), whatever the render is showing. */
export function currentConsent(): ConsentState {
  return load();
}

/** Whether the banner should come up by itself: nothing stored, and not closed this session. */
export function shouldOfferBanner(): boolean {
  const current = load();
  return (
    !current.hasConsented &&
    !current.bannerOpen &&
    browserStorage('sessionStorage')?.getItem(bannerDismissedKey) !== 'true'
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The consent state; on the server and during hydration, the initial (unconsented) state. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribe, load, () => initialConsentState);
}

/** The consent actions, for buttons. */
export const consent = {
  acceptAll: () => dispatchConsent({ type: 'accept-all' }),
  rejectNonEssential: () => dispatchConsent({ type: 'reject-non-essential' }),
  update: (preferences: Partial<Omit<ConsentPreferences, 'essential'>>) =>
    dispatchConsent({ type: 'update', preferences }),
  showPreferences: () => dispatchConsent({ type: 'show-preferences' }),
  hide: () => dispatchConsent({ type: 'hide' }),
  reset: () => dispatchConsent({ type: 'reset' }),
};
