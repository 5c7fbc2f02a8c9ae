import { ChevronDownIcon, MapPinIcon } from '#app/components/ui/icons.tsx';
import type { MapsLink } from './route-links.ts';

/**
 * A button that opens the choice of maps app (Google Maps, Apple Maps, Waze): a disclosure, so
 * that it works with a thumb, a keyboard and a screen reader alike, and opens full width below.
 */
export function MapsChoice({
  label,
  links,
  dark = false,
}: {
  label: string;
  links: readonly MapsLink[];
  /** The page's own call to action (the day's route), rather than one of a card's buttons. */
  dark?: boolean;
}) {
  const summary = dark
    ? 'w-full justify-center bg-ink px-6 py-3 text-white shadow-sm hover:bg-slate-700'
    : 'border border-slate-300 bg-white px-3 text-ink';
  return (
    <details className="group open:basis-full">
      <summary
        className={`inline-flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-lg font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink max-sm:w-full [&::-webkit-details-marker]:hidden ${summary}`}
      >
        <MapPinIcon className="size-5" aria-hidden="true" /> {label}
        <ChevronDownIcon className="size-4 transition group-open:rotate-180" aria-hidden="true" />
      </summary>
      <ul aria-label={`${label} with`} className="mt-2 grid grid-cols-3 gap-2">
        {links.map((link) => (
          <li key={link.app} className="min-w-0">
            <a
              href={link.href}
              target="_blank"
              rel="noopener"
              className="flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-2 text-center text-sm font-semibold text-ink hover:border-brand hover:bg-brand-light focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
            >
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
