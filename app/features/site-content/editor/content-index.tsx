import type { MouseEvent } from 'react';
import { contentSections } from './content-section.tsx';

/** Scrolls to a section and puts the reading position on its heading. */
function goToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const section = document.getElementById(id);
  const heading = document.getElementById(`${id}-title`);
  if (!section || !heading) return;
  event.preventDefault();
  heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
}

/** The parts of the document, so that "opening hours" or a price is found at once. */
export function ContentIndex() {
  return (
    <nav aria-label="Parts of the content" className="lg:sticky lg:top-4">
      <p className="mb-2 hidden text-xs font-semibold tracking-wide text-slate-500 uppercase lg:block">
        On this page
      </p>
      <ul className="flex flex-wrap gap-1.5 lg:flex-col lg:gap-0.5">
        {contentSections.map(({ id, title }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              onClick={(event) => goToSection(event, id)}
              className="inline-flex min-h-9 items-center rounded-full border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 transition hover:border-brand-dark hover:text-ink lg:w-full lg:rounded-lg lg:border-transparent lg:bg-transparent lg:px-3 lg:hover:bg-white"
            >
              {title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
