/** The Analytics tab. Visitor counting is not switched on yet; this says so plainly. */
export function AnalyticsTab() {
  return (
    <p className="rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600">
      No data available yet
    </p>
  );
}
