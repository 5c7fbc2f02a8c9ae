import { buttonClass } from '#app/components/ui/button.tsx';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { allAllowed, consent, consentCategories, useConsent, type ConsentPreferences } from './consent.ts';
import { ConsentCategoryRow } from './consent-switch.tsx';

const primary = buttonClass('primary', 'compact', 'justify-center px-4');
const secondary = buttonClass('outline', 'compact', 'justify-center px-4');

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
            <div>
              <h2 className="pr-10 font-heading text-lg font-bold text-ink">Cookie Preferences</h2>
              <p className="mt-1 text-sm text-slate-600">
                Choose which cookies we may use. You can change this at any time from Cookie Settings at the
                foot of every page.
              </p>
              <div className="mt-2 divide-y divide-slate-200">
                {consentCategories.map((category) => (
                  <ConsentCategoryRow
                    key={category}
                    category={category}
                    checked={draft[category]}
                    onChange={(value) => set(category, value)}
                    compact
                  />
                ))}
              </div>
              <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end">
                <button type="button" className={secondary} onClick={consent.rejectNonEssential}>
                  Essential Only
                </button>
                <button type="button" className={secondary} onClick={() => setDraft(allAllowed)}>
                  Select All
                </button>
                <button type="button" className={primary} onClick={() => consent.update(draft)}>
                  Save Preferences
                </button>
              </div>
            </div>
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
                <button type="button" className={secondary} onClick={consent.showPreferences}>
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
