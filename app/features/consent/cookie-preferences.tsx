import { allAllowed, consent, consentCategories, type ConsentPreferences } from './consent.ts';
import { ConsentCategoryRow } from './consent-switch.tsx';
import { primary, secondary } from './banner-buttons.ts';

/** The cookie banner's second view: each category with its switch, and the choices to save. */
export default function CookiePreferences({
  draft,
  set,
  reset,
}: {
  draft: ConsentPreferences;
  set: (category: keyof ConsentPreferences, value: boolean) => void;
  reset: (preferences: ConsentPreferences) => void;
}) {
  return (
    <div>
      <h2 className="pr-10 font-heading text-lg font-bold text-ink">Cookie Preferences</h2>
      <p className="mt-1 text-sm text-slate-600">
        Choose which cookies we may use. You can change this at any time from Cookie Settings at the foot of
        every page.
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
        <button type="button" className={secondary} onClick={() => reset(allAllowed)}>
          Select All
        </button>
        <button type="button" className={primary} onClick={() => consent.update(draft)}>
          Save Preferences
        </button>
      </div>
    </div>
  );
}
