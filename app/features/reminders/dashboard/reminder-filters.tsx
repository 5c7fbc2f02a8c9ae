import { reminderKinds, reminderStatuses } from '#common/reminders/reminders.ts';
import type { ReminderFilters } from './reminders-queries.ts';
import {
  isReminderKind,
  isReminderStatus,
  reminderKindTitles,
  reminderStatusLabels,
} from './reminders-format.ts';

const selectClass =
  'mt-1.5 block min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink shadow-sm focus:border-brand-dark focus:ring-2 focus:ring-brand/40 focus:outline-none sm:text-sm';

type ReminderFiltersBarProps = {
  filters: ReminderFilters;
  onChange: (filters: ReminderFilters) => void;
};

/** Which kind of reminder and which status the list shows. */
export function ReminderFiltersBar({ filters, onChange }: ReminderFiltersBarProps) {
  return (
    <div role="group" aria-label="Filter the reminders" className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <div>
        <label htmlFor="reminder-kind" className="text-sm font-semibold text-ink">
          Kind
        </label>
        <select
          id="reminder-kind"
          value={filters.kind}
          onChange={(event) => {
            const kind = event.target.value;
            onChange({ ...filters, kind: isReminderKind(kind) ? kind : 'all' });
          }}
          className={selectClass}
        >
          <option value="all">Every kind</option>
          {reminderKinds.map((kind) => (
            <option key={kind} value={kind}>
              {reminderKindTitles[kind]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="reminder-status" className="text-sm font-semibold text-ink">
          Status
        </label>
        <select
          id="reminder-status"
          value={filters.status}
          onChange={(event) => {
            const status = event.target.value;
            onChange({ ...filters, status: isReminderStatus(status) ? status : 'all' });
          }}
          className={selectClass}
        >
          <option value="all">Any status</option>
          {reminderStatuses.map((status) => (
            <option key={status} value={status}>
              {reminderStatusLabels[status]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
