import { useState } from 'react';
import type { StaffRole } from '#common/accounts/accounts.ts';
import { sendingHours } from '#common/reminders/sending-hours.ts';
import { LoadFailure } from '#app/components/ui/load-failure.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { ReminderCounts } from './reminder-counts.tsx';
import { ReminderFiltersBar } from './reminder-filters.tsx';
import { ReminderTable } from './reminder-table.tsx';
import {
  noReminderFilters,
  useReminderList,
  useReminderSummary,
  type ReminderFilters,
} from './reminders-queries.ts';
import { SendDueReminders } from './send-due-reminders.tsx';

function ReminderCountsPanel() {
  const summary = useReminderSummary();
  if (summary.isPending) return <Spinner label="Loading the reminders’ figures..." />;
  if (summary.data === undefined) {
    return (
      <LoadFailure
        title="Failed to load the reminders’ figures"
        detail={messageOf(summary.error)}
        onRetry={() => void summary.refetch()}
      />
    );
  }
  return <ReminderCounts summary={summary.data} />;
}

function ReminderList() {
  const [filters, setFilters] = useState<ReminderFilters>(noReminderFilters);
  const list = useReminderList(filters);
  return (
    <section aria-labelledby="reminder-list-title" className="grid min-w-0 gap-4">
      <h3 id="reminder-list-title" className="text-lg font-bold text-ink">
        The reminders
      </h3>
      <ReminderFiltersBar filters={filters} onChange={setFilters} />
      {list.isPending ? (
        <Spinner label="Loading reminders..." showLabel />
      ) : list.data === undefined ? (
        <LoadFailure
          title="Failed to load the reminders"
          detail={messageOf(list.error)}
          onRetry={() => void list.refetch()}
        />
      ) : (
        // The previous filter's list stays, marked busy, until the new one arrives.
        <div aria-busy={list.isPlaceholderData} className="min-w-0">
          <ReminderTable
            reminders={list.data}
            filtered={filters.kind !== 'all' || filters.status !== 'all'}
          />
        </div>
      )}
    </section>
  );
}

/**
 * The Reminders section: each kind's reminders by status and how many led to a booking, the
 * addresses unsubscribed, and the reminders themselves by kind and status. Owners can send the
 * due ones at once.
 */
export function RemindersTab({ role }: { role: StaffRole }) {
  return (
    <section aria-labelledby="reminders-title" className="grid min-w-0 gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="max-w-xl">
          <h2 id="reminders-title" className="text-xl font-bold text-ink">
            Reminders
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            MOT and tyre reminders to the customers who asked for them, and a review request after each job.
            They go out from {sendingHours.from} until {sendingHours.until}, London time.
          </p>
        </div>
        {role === 'owner' && <SendDueReminders />}
      </div>
      <ReminderCountsPanel />
      <ReminderList />
    </section>
  );
}
