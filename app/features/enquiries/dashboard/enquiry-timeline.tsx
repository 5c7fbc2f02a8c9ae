import type { EnquiryEvent } from '#common/enquiries/status.ts';
import { enquiryStatusLabels } from '#common/enquiries/status.ts';
import { formatDateTime } from '#common/time/formats.ts';

/** The enquiry's changes of status, oldest first: "Quoted by alice · 23/11/2026, 14:05". */
export function EnquiryTimeline({ events, headingId }: { events: EnquiryEvent[]; headingId: string }) {
  if (events.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-4">
      <h4 id={headingId} className="text-sm font-semibold text-ink">
        Timeline
      </h4>
      <ol className="mt-1.5 grid gap-1 border-l-2 border-slate-200 pl-3 text-sm text-slate-700">
        {events.map((event) => (
          <li key={event.id} className="break-words">
            <span className="font-semibold text-ink">{enquiryStatusLabels[event.to]}</span>
            {event.actor && ` by ${event.actor}`}
            {' · '}
            <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
          </li>
        ))}
      </ol>
    </section>
  );
}
