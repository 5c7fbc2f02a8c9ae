import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { consent, useConsent, type ConsentPreferences } from './consent.ts';
import { primary, secondary } from './banner-buttons.ts';

/**
 * The categories with their switches, loaded when the visitor asks for them: most visitors
 * accept or refuse from the first view, whose script every public page carries.
 */
const loadPreferences = () => import('./cookie-preferences.tsx');
const CookiePreferences = lazy(loadPreferences);
/** Fetched as the pointer or focus reaches "Customize", so that it shows at once when pressed. */
const preloadPreferences = () => void loadPreferences();

/**
 * The cookie banner: a labelled region at the foot of the page,
 * not a dialog. It neither traps focus nor hides the page, and stays until the visitor accepts,
 * rejects, saves or closes it.
 */
export default function CookieBanner() {
  const state = useConsent();
  const [draft, setDraft] = useState<ConsentPreferences>(state.preferences);
  const set = (category: keyof ConsentPreferences, value: boolean) =>
    setDraft((current) => ({ ...current, [category]: value, essential: true }));

  // Room at the foot of the page as tall as the banner, so that nothing stays hidden under it.
  const banner = useRef<HTMLElement>(null);
  const [height, setHeight] = useState(0);
  useEffect(() => {
    const element = banner.current;
    if (!element) return;
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <div aria-hidden="true" style={{ height }} />
      <section
        ref={banner}
        aria-label="Cookie consent"
        className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white shadow-[0_-8px_30px_rgba(15,23,42,0.15)]"
      >
        <div className="relative mx-auto max-h-[80vh] max-w-6xl overflow-y-auto px-4 py-4 sm:px-6 sm:py-5">
          <button
            type="button"
            onClick={consent.hide}
            aria-label="Close cookie banner"
            className="absolute right-2 top-2 rounded-md p-2 text-slate-500 transition hover:bg-slate-100 hover:text-ink focus-visible:outline-2 focus-visible:outline-ink"
          >
            <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true">
              <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
          {state.showingPreferences ? (
            <Suspense fallback={null}>
              <CookiePreferences draft={draft} set={set} reset={setDraft} />
            </Suspense>
          ) : (
            <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
              <div className="pr-10 lg:pr-0">
                <h2 className="font-heading text-base font-bold text-ink">We value your privacy</h2>
                <p className="mt-1 max-w-2xl text-sm text-slate-600">
                  We use essential cookies to make this website work. With your permission we would also use
                  analytics, marketing and preference cookies. Read our{' '}
                  <Link to="/cookie-policy" className="font-semibold text-brand-dark underline">
                    Cookie Policy
                  </Link>{' '}
                  and{' '}
                  <Link to="/privacy-policy" className="font-semibold text-brand-dark underline">
                    Privacy Policy
                  </Link>
                  .
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap gap-2 lg:mr-10">
                <button type="button" className={primary} onClick={consent.acceptAll}>
                  Accept All
                </button>
                <button type="button" className={secondary} onClick={consent.rejectNonEssential}>
                  Essential Only
                </button>
                <button
                  type="button"
                  className={secondary}
                  onClick={consent.showPreferences}
                  onPointerEnter={preloadPreferences}
                  onFocus={preloadPreferences}
                >
                  <span className="sm:hidden">Settings</span>
                  <span className="hidden sm:inline">Customize</span>
                </button>
              </div>
            </div>
          )}
        </div>
      </section>
    </>
  );
}
