import { buttonClass } from '#app/components/ui/button.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '#app/components/ui/page-header.tsx';
import { ConsentCategoryRow } from '#app/features/consent/consent-switch.tsx';
import {
  allAllowed,
  consent,
  consentCategories,
  essentialOnly,
  samePreferences,
  useConsent,
  type ConsentPreferences,
} from '#app/features/consent/consent.ts';
import { preloadToaster } from '#app/components/ui/toaster.tsx';
import { useHydrated } from '#app/lib/hydration.ts';
import { homeSeo, pageMeta } from '#app/lib/seo.ts';
import { toast } from '#app/lib/use-toast.ts';
import type { Route } from './+types/cookie-settings';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...homeSeo,
    path: '/cookie-settings',
    title: 'Cookie Settings',
    description: 'Choose which cookies this website may use.',
    noindex: true,
  });

const secondary = buttonClass('outline', 'compact', 'justify-center px-4');

const updated = () =>
  toast({ title: 'Cookie preferences updated', description: 'Your cookie choices have been saved.' });

/**
 * Cookie Settings: the switches are a draft of the saved choice; Save
 * Changes is enabled only when the draft differs from it. Accept All and Essential Only save at
 * once; Reset forgets the choice, and the banner asks again.
 */
export default function CookieSettings() {
  const saved = useConsent();
  const hydrated = useHydrated();
  const [draft, setDraft] = useState<ConsentPreferences | null>(null);
  const shown = draft ?? saved.preferences;
  const changed = draft !== null && !samePreferences(draft, saved.preferences);

  const save = (preferences: ConsentPreferences) => {
    consent.update(preferences);
    setDraft(null);
    updated();
  };

  return (
    <main>
      <PageHeader title="Cookie Settings" />
      <div className="mx-auto max-w-3xl px-4 pt-10 pb-16 sm:px-6" onPointerEnter={preloadToaster}>
        <p className="text-slate-600">
          Choose which cookies we may use. Essential cookies are always on; nothing else is stored until you
          allow it. Read our{' '}
          <Link to="/cookie-policy" className="font-semibold text-brand-dark underline">
            Cookie Policy
          </Link>{' '}
          for the details.
        </p>
        <p className="mt-3 text-sm text-slate-500" aria-live="polite">
          {saved.hasConsented ? 'Your saved choice is shown below.' : 'You have not made a choice yet.'}
        </p>
        <div className="mt-6 divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white px-5 shadow-sm sm:px-6">
          {consentCategories.map((category) => (
            <ConsentCategoryRow
              key={category}
              category={category}
              checked={shown[category]}
              onChange={(value) => setDraft({ ...shown, [category]: value, essential: true })}
            />
          ))}
        </div>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
          <button type="button" className={secondary} disabled={!hydrated} onClick={() => save(allAllowed)}>
            Accept All
          </button>
          <button
            type="button"
            className={secondary}
            disabled={!hydrated}
            onClick={() => save(essentialOnly)}
          >
            Essential Only
          </button>
          <button
            type="button"
            className={secondary}
            disabled={!hydrated}
            onClick={() => {
              consent.reset();
              setDraft(null);
              toast({
                title: 'Cookie preferences reset',
                description: 'Your cookie choices have been cleared.',
              });
            }}
          >
            Reset
          </button>
          <button
            type="button"
            className={buttonClass('primary', 'compact', 'justify-center px-4 sm:ml-auto')}
            disabled={!changed}
            onClick={() => draft && save(draft)}
          >
            Save Changes
          </button>
        </div>
      </div>
    </main>
  );
}
