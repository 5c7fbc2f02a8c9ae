import type { ReactNode } from 'react';
import { useSiteSettings } from '#app/features/site-content/index.ts';

/**
 * A staff page that is one card in the middle of the screen under the logo (/auth, /update-hero):
 * its title, a line under it, the content, and anything to show below the card.
 */
export function StaffCardPage({
  title,
  lead,
  width,
  children,
  after,
}: {
  title: string;
  lead: ReactNode;
  width: 'narrow' | 'wide';
  children: ReactNode;
  after?: ReactNode;
}) {
  const site = useSiteSettings();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className={`w-full ${width === 'narrow' ? 'max-w-sm' : 'max-w-xl'}`}>
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <img src={site.logoDark} alt={site.companyName} className="h-12 w-auto" />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-extrabold text-ink">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{lead}</p>
          {children}
        </div>
        {after}
      </div>
    </main>
  );
}
