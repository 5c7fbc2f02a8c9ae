/** A turning ring with a text for screen readers (and for sighted users when `showLabel`). */
export function Spinner({ label, showLabel = false }: { label: string; showLabel?: boolean }) {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-3 py-16 text-slate-600">
      <span
        className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-brand"
        aria-hidden="true"
      />
      <span className={showLabel ? 'text-sm' : 'sr-only'}>{label}</span>
    </div>
  );
}
