import type { AnalyticsSources, AnalyticsStats } from '#common/analytics/analytics.ts';
import { plural } from '#common/util/words.ts';

/** The Visitor Timeline chart is 300 px high. */
export const chartHeightPx = 300;

export function StatCard({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <p className="text-sm font-semibold text-slate-600">{label}</p>
      <p className="mt-1 font-heading text-3xl font-extrabold text-ink">{value.toLocaleString('en-GB')}</p>
    </div>
  );
}

export function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={id} className="text-lg font-bold text-ink">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export const noDataText = 'No data available yet';

export function EmptyNote({ text = noDataText }: { text?: string }) {
  return <p className="py-6 text-center text-sm text-slate-600">{text}</p>;
}

/** Popular Pages: rank, page (the root path reads Home) and views. */
export function PopularPages({ pages }: { pages: AnalyticsStats['topPages'] }) {
  if (pages.length === 0) return <EmptyNote />;
  return (
    <ol className="grid gap-2">
      {pages.map((page, index) => (
        <li key={page.path} className="flex items-center gap-3 text-sm">
          <span className="grid size-7 shrink-0 place-items-center rounded-full bg-brand-light font-bold text-brand-dark">
            {index + 1}
          </span>
          <span className="min-w-0 flex-1 truncate font-medium text-ink">
            {page.path === '/' ? 'Home' : page.path}
          </span>
          <span className="shrink-0 text-slate-600">{plural(page.visits, 'view')}</span>
        </li>
      ))}
    </ol>
  );
}

/** Where visitors came from over the selected range: other sites and advertising campaigns. */
export function Sources({ sources }: { sources: AnalyticsSources }) {
  const campaignName = (campaign: AnalyticsSources['campaigns'][number]) =>
    [campaign.source, campaign.medium, campaign.campaign].filter(Boolean).join(' / ');
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <div>
        <h3 className="text-sm font-bold text-ink">Referring sites</h3>
        {sources.referrers.length === 0 ? (
          <EmptyNote text="No visits from other sites in this period" />
        ) : (
          <ul className="mt-2 grid gap-1.5 text-sm">
            {sources.referrers.map((referrer) => (
              <li key={referrer.host} className="flex justify-between gap-3">
                <span className="truncate">{referrer.host}</span>
                <span className="shrink-0 text-slate-600">{referrer.visits.toLocaleString('en-GB')}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h3 className="text-sm font-bold text-ink">Campaigns (utm tags)</h3>
        {sources.campaigns.length === 0 ? (
          <EmptyNote text="No campaign visits in this period" />
        ) : (
          <ul className="mt-2 grid gap-1.5 text-sm">
            {sources.campaigns.map((campaign) => (
              <li key={campaignName(campaign)} className="flex justify-between gap-3">
                <span className="truncate">{campaignName(campaign)}</span>
                <span className="shrink-0 text-slate-600">{campaign.visits.toLocaleString('en-GB')}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
