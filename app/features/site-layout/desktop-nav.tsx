import { Link } from 'react-router';
import { bookLink, sectionLinks } from './nav.ts';
import type { NavLink } from '#app/features/site-content/index.ts';
import { useDetailsMenu } from '#app/lib/use-disclosure.ts';
import { ChevronDownIcon } from '#app/components/ui/icons.tsx';

const linkClass =
  'rounded-md px-3 py-2 text-sm font-medium text-slate-200 transition hover:bg-white/10 hover:text-white';

/** Wide screens: the Services menu (when any service is listed in it) and the links to the home page's sections. */
export function DesktopNav({ services }: { services: readonly NavLink[] }) {
  const servicesMenu = useDetailsMenu<HTMLDetailsElement>();
  return (
    <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
      {services.length > 0 && (
        <details ref={servicesMenu} className="group relative">
          <summary
            className={`${linkClass} flex cursor-pointer list-none items-center gap-1 [&::-webkit-details-marker]:hidden`}
          >
            Services
            <ChevronDownIcon className="size-4 transition group-open:rotate-180" />
          </summary>
          <ul className="absolute left-0 top-full mt-2 w-60 rounded-xl border border-slate-200 bg-white p-2 text-ink shadow-xl">
            {services.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-brand-light"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </details>
      )}
      {sectionLinks.map((link) => (
        <Link key={link.to} to={link.to} className={linkClass}>
          {link.label}
        </Link>
      ))}
      <Link
        to={bookLink.to}
        className={linkClass.replace('font-medium text-slate-200', 'font-semibold text-brand')}
      >
        {bookLink.label}
      </Link>
    </nav>
  );
}
