import { consent, useConsent } from '#app/features/consent/index.ts';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import { MapPinIcon } from '#app/components/ui/icons.tsx';
import { ContactLink, Section } from '#app/components/ui/section.tsx';

/**
 * Areas covered (the home page's seventh section). The map is a third-party embed that sets its own
 * cookies, so it loads only with preferences consent; until then a placeholder names the areas,
 * offers to load the map (which records that consent) and links to the map in a new tab.
 */
export function AreasSection({ areas }: { areas: { coverageText: string; radiusMiles: number } }) {
  const site = useSiteSettings();
  const [base = ''] = site.serviceRegions;
  const showMap = useConsent().preferences.preferences;
  const query = encodeURIComponent(`${base}, Essex, UK`);
  return (
    <Section id="areas" eyebrow="Where we work" title="Areas We Cover" lead={areas.coverageText} tone="tint">
      <div className="grid gap-8 lg:grid-cols-2">
        <div>
          <ul className="grid grid-cols-2 gap-3">
            {site.serviceRegions.map((region) => (
              <li
                key={region}
                className="flex items-center gap-2 rounded-lg bg-white px-4 py-3 font-medium shadow-sm"
              >
                <MapPinIcon className="size-4 shrink-0 text-brand-dark" /> {region}
              </li>
            ))}
          </ul>
          <p className="mt-6 text-slate-600">
            Not sure if we reach you? Get in touch and we will tell you straight away.
          </p>
          <div className="mt-6">
            <ContactLink>Contact us to check</ContactLink>
          </div>
        </div>
        <div className="relative aspect-[4/3] overflow-hidden rounded-2xl border border-slate-200 bg-slate-200 shadow-sm">
          {showMap ? (
            <iframe
              title={`Map of the area around ${base}`}
              src={`https://www.google.com/maps?q=${query}&z=9&output=embed`}
              className="size-full border-0"
              loading="lazy"
              referrerPolicy="no-referrer-when-downgrade"
            />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-4 bg-[radial-gradient(circle_at_center,var(--color-brand-light),transparent_70%)] p-6 text-center">
              <MapPinIcon className="size-10 text-brand-dark" />
              <p className="max-w-sm font-semibold text-ink">
                Covering {site.serviceRegions.join(', ')} and everywhere within {areas.radiusMiles} miles of{' '}
                {base}.
              </p>
              <p className="max-w-xs text-sm text-slate-700">
                The map is provided by Google, which sets cookies when it loads. Loading it allows preference
                cookies.
              </p>
              <div className="flex flex-wrap items-center justify-center gap-3">
                <button
                  type="button"
                  onClick={() => consent.update({ preferences: true })}
                  className="rounded-lg bg-ink px-5 py-2.5 font-semibold text-white transition hover:bg-slate-700"
                >
                  Load map
                </button>
                <a
                  href={`https://www.google.com/maps?q=${query}`}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-brand-dark underline underline-offset-4"
                >
                  Open in Google Maps<span className="sr-only"> (opens in a new tab)</span>
                </a>
              </div>
            </div>
          )}
        </div>
      </div>
    </Section>
  );
}
