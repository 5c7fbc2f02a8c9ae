import type { ReactNode } from 'react';

/** The dark band at the top of inner pages. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="bg-ink text-white">
      <div className="mx-auto max-w-4xl px-4 py-14 sm:px-6 sm:py-16">
        <h1 className="text-3xl font-extrabold leading-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-4 text-lg text-slate-300">{children}</div>}
      </div>
    </div>
  );
}
