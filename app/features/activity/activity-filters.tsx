import { activityKindLabels, activityKinds, isActivityKind } from '#common/accounts/accounts.ts';
import { useStaffAccounts } from '#app/features/staff/index.ts';
import type { ActivityFilters } from './activity-queries.ts';

const selectClass =
  'mt-1.5 block min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-ink shadow-sm focus:border-brand-dark focus:ring-2 focus:ring-brand/40 focus:outline-none sm:text-sm';

type ActivityFiltersBarProps = {
  filters: ActivityFilters;
  onChange: (filters: ActivityFilters) => void;
};

/** Whose actions (everyone, or one account) and which kind of action. */
export function ActivityFiltersBar({ filters, onChange }: ActivityFiltersBarProps) {
  const accounts = useStaffAccounts();
  const people = [...(accounts.data ?? [])].sort((a, b) => a.username.localeCompare(b.username));
  return (
    <div role="group" aria-label="Filter the activity" className="grid gap-3 sm:grid-cols-2 lg:max-w-2xl">
      <div>
        <label htmlFor="activity-actor" className="text-sm font-semibold text-ink">
          Person
        </label>
        <select
          id="activity-actor"
          value={String(filters.actor)}
          onChange={(event) => {
            const actor = Number(event.target.value);
            onChange({ ...filters, actor: Number.isInteger(actor) ? actor : 'all' });
          }}
          className={selectClass}
        >
          <option value="all">Everyone</option>
          {people.map((account) => (
            <option key={account.id} value={account.id}>
              {account.username}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="activity-kind" className="text-sm font-semibold text-ink">
          What
        </label>
        <select
          id="activity-kind"
          value={filters.kind}
          onChange={(event) => {
            const kind = event.target.value;
            onChange({ ...filters, kind: isActivityKind(kind) ? kind : 'all' });
          }}
          className={selectClass}
        >
          <option value="all">Everything</option>
          {activityKinds.map((kind) => (
            <option key={kind} value={kind}>
              {activityKindLabels[kind]}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
