import { QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { AnalyticsSources, AnalyticsStats, TimelineEntry } from '#common/analytics/analytics.ts';
import { createQueryClient } from '#app/lib/query-client.ts';
import { AnalyticsTab } from './analytics-tab.tsx';

function renderWith(stats: AnalyticsStats, timeline: TimelineEntry[], sources: AnalyticsSources) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(['/api/analytics/stats'], stats);
  queryClient.setQueryData(['/api/analytics/timeline', 30], timeline);
  queryClient.setQueryData(['/api/analytics/sources', 30], sources);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <AnalyticsTab />
    </QueryClientProvider>,
  );
}

const day = (index: number, visits: number): TimelineEntry => ({
  date: `2026-06-${String(index + 1).padStart(2, '0')}`,
  visits,
  uniqueVisitors: visits,
});

describe('AnalyticsTab', () => {
  it("says 'No data available yet' before the first visit", () => {
    const html = renderWith(
      { totalVisits: 0, uniqueVisitors: 0, todayVisits: 0, weeklyVisits: 0, topPages: [] },
      Array.from({ length: 30 }, (_, index) => day(index, 0)),
      { referrers: [], campaigns: [] },
    );
    expect(html).toContain('No data available yet');
    expect(html).toContain('data-testid="weekly-trend">+0%');
    expect(html).toMatch(/aria-pressed="true"[^>]*>30 days/);
  });

  it('shows the figures, Popular Pages with Home for the root path, a falling trend in red, and the sources', () => {
    const html = renderWith(
      {
        totalVisits: 1234,
        uniqueVisitors: 321,
        todayVisits: 12,
        weeklyVisits: 70,
        topPages: [
          { path: '/', visits: 900 },
          { path: '/about', visits: 1 },
        ],
      },
      [
        ...Array.from({ length: 16 }, (_, index) => day(index, 1)),
        ...Array.from({ length: 7 }, (_, index) => day(16 + index, 20)),
        ...Array.from({ length: 7 }, (_, index) => day(23 + index, 10)),
      ],
      {
        referrers: [{ host: 'google.co.uk', visits: 5 }],
        campaigns: [{ source: 'facebook', medium: null, campaign: 'winter', visits: 3 }],
      },
    );
    for (const text of [
      'Total Visits',
      '1,234',
      'Unique Visitors',
      '321',
      'Today&#x27;s Visits',
      'This Week',
      '70',
    ]) {
      expect(html).toContain(text);
    }
    expect(html).toMatch(/>1<\/span><span[^>]*>Home<\/span><span[^>]*>900 views/);
    expect(html).toMatch(/>2<\/span><span[^>]*>\/about<\/span><span[^>]*>1 view</);
    expect(html).toContain('class="font-bold text-red-700" data-testid="weekly-trend">-50%');
    expect(html).toContain('google.co.uk');
    expect(html).toContain('facebook / winter');
    expect(html).toContain('Tip:');
    expect(html).not.toContain('No data available yet');
  });
});
