import type { ReactNode } from 'react';

/** The sections of the Content tab, in page order, for the in-page index. */
export const contentSections = [
  { id: 'section-business', title: 'Business details' },
  { id: 'section-services', title: 'Services' },
  { id: 'section-home-prices', title: 'Home page prices' },
  { id: 'section-page-texts', title: 'Page texts' },
  { id: 'section-branches', title: 'Branches & opening hours' },
  { id: 'section-contact-hours', title: 'Contact hours' },
  { id: 'section-areas', title: 'Areas covered' },
  { id: 'section-testimonials', title: 'Testimonials' },
  { id: 'section-customer-emails', title: 'Customer e-mails' },
  { id: 'section-history', title: 'History' },
] as const;

type SectionId = (typeof contentSections)[number]['id'];

/** One part of the document, as a card with its heading and what it changes on the site. */
export function ContentSection({
  id,
  lead,
  children,
}: {
  id: SectionId;
  lead?: ReactNode;
  children: ReactNode;
}) {
  const title = contentSections.find((section) => section.id === id)!.title;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className="min-w-0 scroll-mt-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {lead && <p className="mt-1 text-sm text-slate-600">{lead}</p>}
      <div className="mt-5 grid gap-6">{children}</div>
    </section>
  );
}
