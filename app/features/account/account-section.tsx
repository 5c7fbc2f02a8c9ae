import type { ReactNode, Ref } from 'react';

/** One card of the My account panel: its heading (a target for focus), a line under it, the rest. */
export function AccountSection({
  id,
  title,
  lead,
  aside,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  lead?: ReactNode;
  /** Shown beside the heading: a status, say. */
  aside?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid min-w-0 gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h3
            id={`${id}-title`}
            ref={headingRef}
            tabIndex={-1}
            className="text-lg font-bold text-ink focus:outline-none"
          >
            {title}
          </h3>
          {aside}
        </div>
        {lead && <p className="mt-1 max-w-2xl text-sm text-slate-600">{lead}</p>}
      </div>
      {children}
    </section>
  );
}
