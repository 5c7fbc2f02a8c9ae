import { useSyncExternalStore } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { TimelineEntry } from '#common/analytics/analytics.ts';
import { chartHeightPx } from './analytics-panels.tsx';
import { dayText } from '#common/bookings/words.ts';
import { dayMonthText } from '#common/time/formats.ts';

/** About 8 labels on the x-axis; half as many where 8 would not fit (phones). */
const targetLabels = 8;
const narrowQuery = '(max-width: 639px)';

function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia(narrowQuery);
      query.addEventListener('change', onChange);
      return () => query.removeEventListener('change', onChange);
    },
    () => window.matchMedia(narrowQuery).matches,
    () => false,
  );
}

/** The Visitor Timeline's line chart: Total Visits and Unique Visitors per day. */
export default function VisitorChart({ timeline }: { timeline: TimelineEntry[] }) {
  const labels = useNarrowScreen() ? targetLabels / 2 : targetLabels;
  const interval = Math.max(0, Math.ceil(timeline.length / labels) - 1);
  return (
    <div style={{ height: chartHeightPx }} data-testid="visitor-chart">
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={timeline} margin={{ top: 8, right: 12, bottom: 0, left: -12 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis
            dataKey="date"
            interval={interval}
            tickFormatter={dayMonthText}
            tick={{ fontSize: 12, fill: '#475569' }}
          />
          <YAxis allowDecimals={false} tick={{ fontSize: 12, fill: '#475569' }} />
          <Tooltip labelFormatter={(day) => dayText(String(day))} />
          <Legend wrapperStyle={{ fontSize: 13 }} />
          <Line
            type="monotone"
            dataKey="visits"
            name="Total Visits"
            stroke="#6a9a2c"
            strokeWidth={2}
            dot={false}
          />
          <Line
            type="monotone"
            dataKey="uniqueVisitors"
            name="Unique Visitors"
            stroke="#1e293b"
            strokeWidth={2}
            strokeDasharray="5 3"
            dot={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}
