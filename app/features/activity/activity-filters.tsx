import { activityKindLabels, activityKinds, isActivityKind } from '#common/accounts/accounts.ts';
import { staffName } from '#common/accounts/staff-names.ts';
import { FilterSelect } from '#app/components/ui/filter-select.tsx';
import { useStaffAccounts } from '#app/features/staff/index.ts';
import type { ActivityFilters } from './activity-queries.ts';

type ActivityFiltersBarProps = {
  filters: ActivityFilters;
  onChange: (filters: ActivityFilters) => void;
};

/** Whose actions (everyone, or one account) and which kind of action. */
export function ActivityFiltersBar({ filters, onChange }: ActivityFiltersBarProps) {
  const accounts = useStaffAccounts();
  const people = [...(accounts.data ?? [])].sort((a, b) => staffName(a).localeCompare(staffName(b)));
  return (
    <div role="group" aria-label="Filter the activity" className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <FilterSelect
        id="activity-actor"
        label="Person"
        value={String(filters.actor)}
        everything="Everyone"
        options={people.map((account) => ({ value: String(account.id), label: staffName(account) }))}
        onChange={(value) => {
          const actor = Number(value);
          onChange({ ...filters, actor: Number.isInteger(actor) ? actor : 'all' });
        }}
      />
      <FilterSelect
        id="activity-kind"
        label="What"
        value={filters.kind}
        everything="Everything"
        options={activityKinds.map((kind) => ({ value: kind, label: activityKindLabels[kind] }))}
        onChange={(kind) => onChange({ ...filters, kind: isActivityKind(kind) ? kind : 'all' })}
      />
    </div>
  );
}
