import type { ReactNode } from 'react';
import { reminderBookingDays } from '#common/reminders/reminders.ts';
import type { ReminderKindCounts, ReminderSummary } from '#common/reminders/summary.ts';
import { reminderKindTitles } from './reminders-format.ts';

const count = (value: number) => value.toLocaleString('en-GB');

function Count({ term, value }: { term: string; value: number }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-slate-600">{term}</dt>
      <dd
        className={`mt-0.5 font-heading text-2xl font-extrabold tabular-nums ${value > 0 ? 'text-ink' : 'text-slate-500'}`}
      >
        {count(value)}
      </dd>
    </div>
  );
}

/** A card of figures, titled. */
function CountsCard({ name, title, children }: { name: string; title: string; children: ReactNode }) {
  const titleId = `reminder-counts-${name}`;
  return (
    <section
      aria-labelledby={titleId}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id={titleId} className="font-heading text-base font-bold text-ink">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** One kind's card: its reminders by status, and how many of those sent were followed by a booking. */
function KindCounts({ counts }: { counts: ReminderKindCounts }) {
  return (
    <CountsCard name={counts.kind} title={reminderKindTitles[counts.kind]}>
      <dl className="mt-3 grid grid-cols-3 gap-2">
        <Count term="Scheduled" value={counts.scheduled} />
        <Count term="Sent" value={counts.sent} />
        <Count term="Cancelled" value={counts.cancelled} />
        <div className="col-span-3 mt-1 border-t border-slate-200 pt-3">
          <dt className="text-xs font-semibold text-slate-600">
            Led to a booking within {reminderBookingDays} days
          </dt>
          <dd className="mt-0.5 text-sm text-slate-600">
            <span className="font-heading text-2xl font-extrabold text-ink tabular-nums">
              {count(counts.booked)}
            </span>{' '}
            of {count(counts.sent)} sent
          </dd>
        </div>
      </dl>
    </CountsCard>
  );
}

/** Each kind's figures side by side, then the addresses that asked for no more reminders. */
export function ReminderCounts({ summary }: { summary: ReminderSummary }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {summary.kinds.map((counts) => (
        <KindCounts key={counts.kind} counts={counts} />
      ))}
      <CountsCard name="unsubscribed" title="Unsubscribed">
        <p className="mt-3 font-heading text-2xl font-extrabold text-ink tabular-nums">
          {count(summary.unsubscribed)}
        </p>
        <p className="mt-1 text-sm text-slate-600">
          E-mail addresses that asked for no more reminders: nothing is scheduled for them, review requests
          included, until they subscribe again.
        </p>
      </CountsCard>
    </div>
  );
}
