import type { PublishedSiteContent } from '#common/site-content/site-content.ts';
import { formatDateTime } from '#common/time/formats.ts';

/** Who published the version being edited, and when; the seed's first version has no author. */
function lastChangedText(published: PublishedSiteContent): string {
  return published.publishedBy === null
    ? 'Original content'
    : `Last changed by ${published.publishedBy} on ${formatDateTime(published.publishedAt)}`;
}

export function LastChanged({ published }: { published: PublishedSiteContent }) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
      <span className="rounded-full bg-ink px-2.5 py-0.5 text-xs font-bold text-white">
        Version {published.version}
      </span>
      <p>{lastChangedText(published)}</p>
    </div>
  );
}
