import { Button } from '#app/components/ui/button.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '#app/components/ui/icons.tsx';
import { WithoutFitterCount } from './booking-fitter.tsx';
import { formatDateRange, formatDiaryDate } from './booking-format.ts';
import { diaryRange, type DiaryView } from './diary-groups.ts';

type DiaryToolbarProps = {
  view: DiaryView;
  date: string;
  onViewChange: (view: DiaryView) => void;
  onStep: (direction: -1 | 1) => void;
  onToday: () => void;
  showCancelled: boolean;
  cancelledCount: number;
  onShowCancelledChange: (show: boolean) => void;
  /** The bookings shown, of today or later, that no fitter has yet. */
  withoutFitter: number;
};

const views = [
  { view: 'day', label: 'Day' },
  { view: 'week', label: 'Week' },
] as const;

/**
 * The day or week shown (announced when it changes) with how many of its bookings no fitter has
 * yet, the way to others, and the cancelled toggle.
 */
export function DiaryToolbar({
  view,
  date,
  onViewChange,
  onStep,
  onToday,
  showCancelled,
  cancelledCount,
  onShowCancelledChange,
  withoutFitter,
}: DiaryToolbarProps) {
  const range = diaryRange(view, date);
  const unit = view === 'day' ? 'day' : 'week';
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p aria-live="polite" className="font-heading text-lg font-bold text-ink">
          {view === 'day' ? formatDiaryDate(date) : `Week of ${formatDateRange(range.from, range.to)}`}
        </p>
        <WithoutFitterCount count={withoutFitter} />
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="View" className="inline-flex rounded-lg bg-slate-200/70 p-1">
          {views.map((entry) => (
            <button
              key={entry.view}
              type="button"
              aria-pressed={view === entry.view}
              onClick={() => onViewChange(entry.view)}
              className="min-h-9 rounded-md px-4 text-sm font-semibold text-slate-600 transition hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink aria-pressed:bg-white aria-pressed:text-ink aria-pressed:shadow-sm"
            >
              {entry.label}
            </button>
          ))}
        </div>
        <div className="flex gap-2">
          <Button type="button" onClick={() => onStep(-1)} variant="outline">
            <ChevronLeftIcon className="size-4" />
            <span className="sr-only sm:not-sr-only">Previous</span>
            <span className="sr-only"> {unit}</span>
          </Button>
          <Button type="button" onClick={onToday} variant="outline">
            Today
          </Button>
          <Button type="button" onClick={() => onStep(1)} variant="outline">
            <span className="sr-only sm:not-sr-only">Next</span>
            <span className="sr-only"> {unit}</span>
            <ChevronRightIcon className="size-4" />
          </Button>
        </div>
        <label className="inline-flex min-h-10 items-center gap-2 text-sm font-semibold text-ink sm:ml-auto">
          <input
            type="checkbox"
            checked={showCancelled}
            onChange={(event) => onShowCancelledChange(event.target.checked)}
            className="size-4 accent-brand-dark"
          />
          Show cancelled{cancelledCount > 0 && ` (${cancelledCount})`}
        </label>
      </div>
    </div>
  );
}
