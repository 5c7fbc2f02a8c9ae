import { formatRegistration } from '#common/vehicles/registration.ts';
import type { Reminder } from '#common/reminders/reminders.ts';
import {
  formatReminderTime,
  reminderStatusBadgeClass,
  reminderStatusLabels,
  reminderText,
} from './reminders-format.ts';
import { plural } from '#common/util/words.ts';
import { cancelledReasonWords } from '#common/reminders/reminders.ts';

/*
 * A table from `md` up. On a phone each reminder is a block of its own, its cells one under the
 * other (when, what, vehicle, customer, status), as five columns do not fit. The roles are given
 * outright because a table whose display is changed loses them in some browsers.
 */
const cell = 'px-3 py-2.5 align-top max-md:block max-md:p-0';
/** The table's columns, in order. */
const columns = ['Due', 'Reminder', 'Vehicle', 'Customer', 'Status'] as const;

const headerCell = 'px-3 py-2 text-left font-semibold';

/** The status, and when it went or why it will not. */
function ReminderStatusCell({ reminder }: { reminder: Reminder }) {
  return (
    <td role="cell" className={`${cell} max-md:mt-1.5`}>
      <span
        className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold whitespace-nowrap ${reminderStatusBadgeClass[reminder.status]}`}
      >
        {reminderStatusLabels[reminder.status]}
      </span>
      {reminder.status === 'sent' && reminder.sentAt && (
        <span className="mt-1 block text-slate-600">
          <time dateTime={reminder.sentAt}>{formatReminderTime(reminder.sentAt)}</time>
        </span>
      )}
      {reminder.cancelledReason && (
        <span className="mt-1 block text-slate-600">{cancelledReasonWords[reminder.cancelledReason]}</span>
      )}
    </td>
  );
}

function ReminderRow({ reminder }: { reminder: Reminder }) {
  return (
    <tr role="row" className="border-b border-slate-100 last:border-b-0 max-md:block max-md:px-4 max-md:py-3">
      <td role="cell" className={`${cell} font-semibold whitespace-nowrap text-ink tabular-nums`}>
        <time dateTime={reminder.due}>{formatReminderTime(reminder.due)}</time>
      </td>
      <td role="cell" className={`${cell} text-ink`}>
        {reminderText(reminder)}
      </td>
      <td role="cell" className={`${cell} max-md:mt-1`}>
        {/* The vehicle's history in Jobs: its MOT expiry, and the jobs the reminders follow. */}
        <a
          href={`/admin/dashboard/jobs?vehicle=${encodeURIComponent(reminder.registration)}`}
          className="rounded bg-yellow-100 px-1.5 font-mono font-bold whitespace-nowrap text-ink underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ink"
        >
          {formatRegistration(reminder.registration)}
          <span className="sr-only">: vehicle history</span>
        </a>
      </td>
      <td role="cell" className={`${cell} min-w-0 max-md:mt-1`}>
        <span className="block text-ink">{reminder.customer.name}</span>
        <span className="block break-all text-slate-600">{reminder.customer.email}</span>
      </td>
      <ReminderStatusCell reminder={reminder} />
    </tr>
  );
}

/** The reminders the filters picked, soonest due first, or a line saying there are none. */
export function ReminderTable({ reminders, filtered }: { reminders: Reminder[]; filtered: boolean }) {
  if (reminders.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
        {filtered ? 'No reminders match these filters' : 'No reminders yet'}
      </p>
    );
  }
  return (
    <div className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <table role="table" className="w-full text-sm max-md:block">
        <caption className="px-4 pt-3 pb-2 text-left text-sm text-slate-600 max-md:block">
          {plural(reminders.length, 'reminder')}, soonest due first (London time)
        </caption>
        <thead role="rowgroup" className="max-md:sr-only">
          <tr
            role="row"
            className="border-y border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase"
          >
            {columns.map((column) => (
              <th key={column} role="columnheader" scope="col" className={headerCell}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-md:block max-md:border-t max-md:border-slate-200">
          {reminders.map((reminder) => (
            <ReminderRow key={reminder.id} reminder={reminder} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
