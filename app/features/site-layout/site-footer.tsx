import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { consent } from '#app/features/consent/index.ts';
import { useHydrated } from '#app/lib/hydration.ts';
import { listText } from '#app/lib/list-text.ts';
import { legalLinks, quickLinks } from './nav.ts';
import { type NavLink, type SocialLink, useSiteSettings } from '#app/features/site-content/index.ts';
import { MailIcon, PhoneIcon } from '#app/components/ui/icons.tsx';

const linkClass = 'text-sm text-slate-300 transition hover:text-brand';

/**
 * Opens the cookie preferences (the footer's Cookie Settings). Until the page's scripts run, it
 * is a link to the Cookie Settings page, which works without them.
 */
function CookieSettingsButton() {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <Link to="/cookie-settings" className="hover:text-brand">
        Cookie Settings
      </Link>
    );
  }
  return (
    <button type="button" onClick={consent.showPreferences} className="hover:text-brand">
      Cookie Settings
    </button>
  );
}

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="font-heading text-sm font-bold uppercase tracking-wider text-white">{title}</h2>
      <div className="mt-4">{children}</div>
    </div>
  );
}

/** A column of the site's own pages. */
function LinkColumn({ title, links }: { title: string; links: readonly NavLink[] }) {
  return (
    <Column title={title}>
      <ul className="space-y-2.5">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={linkClass}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </Column>
  );
}

/** `services`: every visible service; `socialLinks`: the business's profiles. */
export function SiteFooter({
  services,
  socialLinks,
}: {
  services: readonly NavLink[];
  socialLinks: readonly SocialLink[];
}) {
  const site = useSiteSettings();
  const [base = ''] = site.serviceRegions;
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          {/* The published company name, as in the header: a logo picture cannot follow a change of it. */}
          <p className="flex items-center gap-2.5 font-heading text-base font-extrabold leading-tight text-white">
            <img src="/brand/mark.svg" alt="" width={36} height={36} className="size-9 shrink-0" />
            <span className="min-w-0 text-balance break-words">{site.companyName}</span>
          </p>
          <p className="mt-4 text-sm leading-relaxed">
            Mobile tyre fitting, puncture repairs, MOTs and servicing across South Essex and East London.
          </p>
          {socialLinks.length > 0 && (
            <ul className="mt-5 flex flex-wrap gap-3">
              {socialLinks.map((social) => (
                <li key={`${social.label} ${social.href}`}>
                  <a
                    href={social.href}
                    className="inline-flex h-9 items-center rounded-full border border-white/15 px-3 text-xs font-semibold text-slate-200 transition hover:border-brand hover:text-brand"
                    rel="noopener noreferrer"
                  >
                    {social.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        <LinkColumn title="Services" links={services} />
        <LinkColumn title="Quick Links" links={quickLinks} />
        <Column title="Contact">
          <address className="space-y-3 not-italic">
            <a
              href={`tel:${site.phone}`}
              className={`${linkClass} flex items-center gap-2 font-semibold text-white`}
            >
              <PhoneIcon className="size-4 text-brand" /> {site.formattedPhone}
            </a>
            <a href={`mailto:${site.email}`} className={`${linkClass} flex items-center gap-2`}>
              <MailIcon className="size-4 text-brand" /> {site.email}
            </a>
            <p className="text-sm">
              Based in {base}, serving {listText(site.serviceRegions.slice(0, 3))}.
            </p>
          </address>
        </Column>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-6 text-xs sm:px-6 md:flex-row md:items-center md:justify-between">
          <p>
            © {new Date().getFullYear()} {site.companyName}. All rights reserved.
          </p>
          <ul className="flex flex-wrap items-center gap-x-5 gap-y-2">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand">
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <CookieSettingsButton />
            </li>
            <li>
              <Link to="/auth" className="hover:text-brand">
                Admin Login
              </Link>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
