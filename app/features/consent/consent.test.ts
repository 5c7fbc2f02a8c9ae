import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '#tests/support/memory-storage.ts';
import {
  allAllowed,
  bannerDismissedKey,
  consentReducer,
  consentStorageKeys,
  essentialOnly,
  initialConsentState,
  readStoredConsent,
  writeStoredConsent,
  type ConsentState,
} from './consent.ts';

const unconsented = initialConsentState;
const consented = (preferences = essentialOnly): ConsentState => ({
  hasConsented: true,
  preferences,
  bannerOpen: false,
  showingPreferences: false,
});

describe('consent transitions', () => {
  it('starts unconsented, essential only, banner closed', () => {
    expect(unconsented).toEqual({
      hasConsented: false,
      preferences: { essential: true, analytics: false, marketing: false, preferences: false },
      bannerOpen: false,
      showingPreferences: false,
    });
  });

  it('accept all allows every category and closes the banner', () => {
    const open = consentReducer(unconsented, { type: 'show-banner' });
    expect(consentReducer(open, { type: 'accept-all' })).toEqual(consented(allAllowed));
  });

  it('reject non-essential allows essential only', () => {
    const all = consented(allAllowed);
    expect(consentReducer(all, { type: 'reject-non-essential' })).toEqual(consented(essentialOnly));
  });

  it('a custom update merges the categories given, and essential stays true', () => {
    const withAnalytics = consentReducer(unconsented, { type: 'update', preferences: { analytics: true } });
    expect(withAnalytics).toEqual(consented({ ...essentialOnly, analytics: true }));
    const plusMap = consentReducer(withAnalytics, { type: 'update', preferences: { preferences: true } });
    expect(plusMap.preferences).toEqual({ ...essentialOnly, analytics: true, preferences: true });
    const forced = consentReducer(plusMap, {
      type: 'update',
      preferences: { essential: false } as never,
    });
    expect(forced.preferences.essential).toBe(true);
  });

  it('show preferences opens the banner on its Cookie Preferences view; hide closes it, choice kept', () => {
    const all = consented(allAllowed);
    const open = consentReducer(all, { type: 'show-preferences' });
    expect(open).toMatchObject({ bannerOpen: true, showingPreferences: true, preferences: allAllowed });
    expect(consentReducer(open, { type: 'hide' })).toEqual(all);
  });

  it('reset forgets the choice and opens the banner again', () => {
    expect(consentReducer(consented(allAllowed), { type: 'reset' })).toEqual({
      ...unconsented,
      bannerOpen: true,
    });
  });
});

describe('stored consent', () => {
  let storage: Storage;
  beforeEach(() => {
    storage = memoryStorage();
  });

  it('round-trips: the flag is the string true, the preferences JSON', () => {
    writeStoredConsent(storage, { ...essentialOnly, marketing: true });
    expect(storage.getItem(consentStorageKeys.consent)).toBe('true');
    expect(JSON.parse(storage.getItem(consentStorageKeys.preferences)!)).toEqual({
      ...essentialOnly,
      marketing: true,
    });
    expect(readStoredConsent(storage)).toEqual({ ...essentialOnly, marketing: true });
  });

  it('is none when nothing is stored', () => {
    expect(readStoredConsent(storage)).toBeNull();
  });

  it.each([
    ['preferences that are not JSON', 'true', '{not json'],
    ['preferences that are not an object', 'true', '[true]'],
    ['a flag that is not the string true', 'yes', JSON.stringify(allAllowed)],
    ['a flag without preferences', 'true', null],
  ])('treats %s as no consent, and cleans them up', (_label, flag, preferences) => {
    if (flag !== null) storage.setItem(consentStorageKeys.consent, flag);
    if (preferences !== null) storage.setItem(consentStorageKeys.preferences, preferences);
    expect(readStoredConsent(storage)).toBeNull();
    expect(storage.getItem(consentStorageKeys.consent)).toBeNull();
    expect(storage.getItem(consentStorageKeys.preferences)).toBeNull();
  });

  it('reads only booleans, essential always true', () => {
    storage.setItem(consentStorageKeys.consent, 'true');
    storage.setItem(
      consentStorageKeys.preferences,
      JSON.stringify({ essential: false, analytics: 'yes', marketing: true }),
    );
    expect(readStoredConsent(storage)).toEqual({ ...essentialOnly, marketing: true });
  });
});

describe('the consent store in a browser', () => {
  let local: Storage;
  let session: Storage;
  beforeEach(() => {
    vi.resetModules();
    local = memoryStorage();
    session = memoryStorage();
    vi.stubGlobal('window', { localStorage: local, sessionStorage: session });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts from what is stored, so a returning visitor is not asked again', async () => {
    writeStoredConsent(local, allAllowed);
    const store = await import('./consent.ts');
    expect(store.currentConsent()).toEqual(consented(allAllowed));
    expect(store.shouldOfferBanner()).toBe(false);
  });

  it('stores Essential Only as a first choice, though it changes no switch', async () => {
    const store = await import('./consent.ts');
    store.consent.rejectNonEssential();
    expect(readStoredConsent(local)).toEqual(essentialOnly);
    expect(store.shouldOfferBanner()).toBe(false);
  });

  it('stores each choice, and reset clears the storage and offers the banner again', async () => {
    const store = await import('./consent.ts');
    expect(store.shouldOfferBanner()).toBe(true);
    store.consent.acceptAll();
    expect(readStoredConsent(local)).toEqual(allAllowed);
    store.consent.update({ marketing: false });
    expect(readStoredConsent(local)).toEqual({ ...allAllowed, marketing: false });
    store.consent.rejectNonEssential();
    expect(readStoredConsent(local)).toEqual(essentialOnly);
    store.consent.reset();
    expect(local.getItem(consentStorageKeys.consent)).toBeNull();
    expect(store.currentConsent()).toEqual({ ...unconsented, bannerOpen: true });
  });

  it('closing the banner without a choice stores nothing and keeps it away for the session', async () => {
    const store = await import('./consent.ts');
    store.dispatchConsent({ type: 'show-banner' });
    store.consent.hide();
    expect(readStoredConsent(local)).toBeNull();
    expect(session.getItem(bannerDismissedKey)).toBe('true');
    expect(store.shouldOfferBanner()).toBe(false);
  });
});
