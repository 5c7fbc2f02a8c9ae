import { reminderKinds, reminderStatuses } from '#common/reminders/reminders.ts';
import { FilterSelect } from '#app/components/ui/filter-select.tsx';
import type { ReminderFilters } from './reminders-queries.ts';
import {
  isReminderKind,
  isReminderStatus,
  reminderKindTitles,
  reminderStatusLabels,
} from './reminders-format.ts';

type ReminderFiltersBarProps = {
  filters: ReminderFilters;
  onChange: (filters: ReminderFilters) => void;
};

/** Which kind of reminder and which status the list shows. */
export function ReminderFiltersBar({ filters, onChange }: ReminderFiltersBarProps) {
  return (
    <div role="group" aria-label="Filter the reminders" className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <FilterSelect
        id="reminder-kind"
        label="Kind"
        value={filters.kind}
        everything="Every kind"
        options={reminderKinds.map((kind) => ({ value: kind, label: reminderKindTitles[kind] }))}
        onChange={(kind) => onChange({ ...filters, kind: isReminderKind(kind) ? kind : 'all' })}
      />
      <FilterSelect
        id="reminder-status"
        label="Status"
        value={filters.status}
        everything="Any status"
        options={reminderStatuses.map((status) => ({ value: status, label: reminderStatusLabels[status] }))}
        onChange={(status) => onChange({ ...filters, status: isReminderStatus(status) ? status : 'all' })}
      />
    </div>
  );
}
