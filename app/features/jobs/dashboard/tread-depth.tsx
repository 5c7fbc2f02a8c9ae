import { formatTread, treadLegalMinimumMm, treadLevel } from './jobs-format.ts';

const levelStyles = {
  good: 'text-ink',
  low: 'bg-amber-100 text-amber-900 ring-1 ring-amber-300',
  'legal-limit': 'bg-red-100 text-red-800 ring-1 ring-red-300',
} as const;

/**
 * A removed tyre's tread depth, amber at 3 mm or less and red at the legal minimum (1.6 mm) or
 * less, with the words as well as the colour.
 */
export function TreadDepth({ mm }: { mm: number }) {
  const level = treadLevel(mm);
  const words =
    level === 'legal-limit'
      ? mm < treadLegalMinimumMm
        ? 'Below legal limit'
        : 'At legal limit'
      : level === 'low'
        ? 'Low'
        : null;
  return (
    <span
      data-tread={level}
      className={`inline-flex items-baseline gap-1.5 rounded px-1.5 py-0.5 font-semibold whitespace-nowrap tabular-nums ${levelStyles[level]}`}
    >
      {formatTread(mm)}
      {words && <span className="text-xs font-bold">{words}</span>}
    </span>
  );
}
