import { Link } from 'react-router';
import { bookLink, sectionLinks } from './nav.ts';
import type { NavLink } from '#app/features/site-content/index.ts';
import { useDetailsMenu } from '#app/lib/use-disclosure.ts';
import { ChevronDownIcon, CloseIcon, MenuIcon } from '#app/components/ui/icons.tsx';

const itemClass = 'block rounded-lg px-3 py-3 text-base font-medium text-white hover:bg-white/10';

/** Small screens: a toggle menu with an expandable Services submenu; choosing a link closes it. */
export function MobileMenu({ services }: { services: readonly NavLink[] }) {
  const menu = useDetailsMenu<HTMLDetailsElement>();
  return (
    <details ref={menu} className="group lg:hidden">
      <summary
        className="flex size-10 cursor-pointer list-none items-center justify-center rounded-lg text-white hover:bg-white/10 [&::-webkit-details-marker]:hidden"
        aria-label="Menu"
      >
        <MenuIcon className="size-6 group-open:hidden" />
        <CloseIcon className="hidden size-6 group-open:block" />
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-white/10 bg-ink px-4 pb-6 pt-2 shadow-2xl"
      >
        <ul>
          {services.length > 0 && (
            <li>
              <details className="group/services">
                <summary
                  className={`${itemClass} flex cursor-pointer list-none items-center justify-between [&::-webkit-details-marker]:hidden`}
                >
                  Services
                  <ChevronDownIcon className="size-5 transition group-open/services:rotate-180" />
                </summary>
                <ul className="ml-3 border-l border-white/15 pl-2">
                  {services.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className={`${itemClass} text-slate-200`}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </details>
            </li>
          )}
          {sectionLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className={itemClass}>
                {link.label}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to={bookLink.to}
              className={itemClass.replace('font-medium text-white', 'font-semibold text-brand')}
            >
              {bookLink.label}
            </Link>
          </li>
        </ul>
      </nav>
    </details>
  );
}
