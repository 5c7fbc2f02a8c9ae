import type { TyreImportReport } from '#common/tyres/staff.ts';
import { buttonClass } from '#app/components/ui/button.tsx';
import { formatDateTime } from '#common/time/formats.ts';
import { useTyreImport } from './tyre-queries.ts';

const count = (value: number) => value.toLocaleString('en-GB');

/** How many refused rows the report lists on the page; the download has them all. */
const shownErrors = 10;

/** The link to every refused row of an import, as a CSV file. */
function ErrorsDownload({ report }: { report: TyreImportReport }) {
  return (
    <a
      href={`/api/tyres/imports/${report.id}/errors.csv`}
      download
      className={buttonClass('outline', 'compact', 'justify-self-start')}
    >
      Download the {count(report.rejected)} refused {report.rejected === 1 ? 'row' : 'rows'} (CSV)
    </a>
  );
}

/** One sentence for what an import did. */
function importSummary(report: TyreImportReport): string {
  if (report.status === 'failed') return `Stopped: ${report.failure ?? 'the import failed.'}`;
  const parts = [
    `${count(report.imported)} of ${count(report.rows)} rows imported`,
    `${count(report.rejected)} refused`,
  ];
  if (report.full) parts.push(`${count(report.withdrawn)} tyres not in the file now unavailable`);
  return `${report.status === 'running' ? 'So far: ' : ''}${parts.join(', ')}.`;
}

/**
 * The import just started, read again every second while it runs: rows read against the rows
 * the file has, then what was imported and each refused row with its line and reason.
 */
export function ImportProgress({ id, fileRows }: { id: number; fileRows: number | null }) {
  const query = useTyreImport(id);
  const report = query.data;
  if (!report) {
    return (
      <p role="status" className="text-sm text-slate-600">
        Starting the import…
      </p>
    );
  }
  const running = report.status === 'running';
  const total = Math.max(fileRows ?? 0, report.rows);
  return (
    <section
      aria-labelledby={`import-${id}-title`}
      className={`grid gap-3 rounded-xl border p-4 ${
        report.status === 'failed'
          ? 'border-red-200 bg-red-50'
          : running
            ? 'border-slate-200 bg-white'
            : 'border-brand bg-brand-light/40'
      }`}
    >
      <h4 id={`import-${id}-title`} className="font-bold text-ink">
        {running ? 'Importing' : report.status === 'done' ? 'Imported' : 'Import failed'}: {report.fileName}
      </h4>
      {running && total > 0 && (
        <div>
          <progress
            className="h-3 w-full overflow-hidden rounded-full accent-brand-dark"
            max={total}
            value={report.rows}
            aria-label="Rows read"
          />
          <p className="mt-1 text-sm text-slate-600">
            {count(report.rows)} of {count(total)} rows read
          </p>
        </div>
      )}
      <p role="status" className="text-sm text-ink">
        {importSummary(report)}
      </p>
      {report.errors.length > 0 && (
        <div className="grid gap-2">
          <table className="w-full text-left text-sm">
            <caption className="mb-1 text-left font-semibold text-ink">
              Refused rows{report.errors.length > shownErrors ? `: the first ${shownErrors}` : ''}
            </caption>
            <thead>
              <tr className="text-slate-600">
                <th scope="col" className="w-20 py-1 pr-3 font-semibold">
                  Line
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Reason
                </th>
              </tr>
            </thead>
            <tbody>
              {report.errors.slice(0, shownErrors).map((error) => (
                <tr key={error.line} className="border-t border-slate-200">
                  <td className="py-1 pr-3 font-mono">{error.line}</td>
                  <td className="py-1 break-words">{error.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!running && <ErrorsDownload report={report} />}
        </div>
      )}
    </section>
  );
}

/** The last imports, newest first: who sent which file, when, and what came of it. */
export function RecentImports({ imports }: { imports: TyreImportReport[] }) {
  if (imports.length === 0)
    return <p className="text-sm text-slate-600">No price file has been imported yet.</p>;
  return (
    <ul className="grid gap-2">
      {imports.map((report) => (
        <li key={report.id} className="grid gap-1 rounded-lg border border-slate-200 bg-white p-3 text-sm">
          <p className="font-semibold break-words text-ink">
            {report.fileName}
            {report.supplier && <span className="font-normal text-slate-600"> · {report.supplier}</span>}
          </p>
          <p className="text-slate-600">
            {formatDateTime(report.startedAt)}
            {report.startedBy && ` by ${report.startedBy}`} ·{' '}
            {report.full ? 'whole range' : 'part of the range'}
          </p>
          <p className="text-ink">{importSummary(report)}</p>
          {report.rejected > 0 && report.status !== 'running' && <ErrorsDownload report={report} />}
        </li>
      ))}
    </ul>
  );
}
