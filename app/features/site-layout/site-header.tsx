import { Link } from 'react-router';
import { type NavLink, useSiteSettings } from '#app/features/site-content/index.ts';
import { PhoneIcon } from '#app/components/ui/icons.tsx';
import { DesktopNav } from './desktop-nav.tsx';
import { MobileMenu } from './mobile-menu.tsx';

/** `services`: the Services menu's entries. */
export function SiteHeader({ services }: { services: readonly NavLink[] }) {
  const site = useSiteSettings();
  return (
    <header className="sticky top-0 z-40 border-b border-white/10 bg-ink text-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4 sm:gap-4 sm:px-6">
        <Link to="/" className="flex min-w-0 items-center gap-2.5" aria-label={`${site.companyName}, home`}>
          <img src="/brand/mark.svg" alt="" width={36} height={36} className="size-9 shrink-0" />
          {/* On a phone a long name takes two lines rather than being cut short. */}
          <span className="min-w-0 text-balance break-words font-heading text-base font-extrabold leading-tight sm:text-lg">
            {site.companyName}
          </span>
        </Link>
        <DesktopNav services={services} />
        <div className="flex items-center gap-1.5 sm:gap-2">
          {/* Tyres by size is what most visitors come for: in sight on a phone, not in the menu only. */}
          <Link
            to="/tyres"
            className="inline-flex shrink-0 items-center rounded-lg border border-white/40 px-2.5 py-2 text-sm font-semibold transition hover:border-white hover:bg-white/10 lg:hidden"
          >
            Tyres
          </Link>
          <a
            href={`tel:${site.phone}`}
            className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-brand px-3 py-2 text-sm font-semibold text-ink transition hover:bg-white sm:px-4"
          >
            {/* On the narrowest phones the word alone, leaving the company name room for two lines. */}
            <PhoneIcon className="hidden size-4 min-[400px]:block" />
            <span className="hidden sm:inline">{site.formattedPhone}</span>
            <span className="sm:hidden">Call</span>
          </a>
          <MobileMenu services={services} />
        </div>
      </div>
    </header>
  );
}
