import type { ManagedJobReport } from './managed-booking-types.ts';

const listClass = 'mt-1 list-disc space-y-1 pl-5 text-slate-800';

/** A completed job's report on the customer's page, as the job report e-mail gave it, with its invoice. */
export function JobReport({ report }: { report: ManagedJobReport }) {
  return (
    <section
      aria-labelledby="job-report-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <h2 id="job-report-title" className="text-2xl font-extrabold">
        Job report
      </h2>
      <p className="mt-1 text-slate-700">Completed on {report.completedOn}.</p>
      <div className="mt-4 grid gap-4">
        {report.fitted.length > 0 && (
          <div>
            <h3 className="font-semibold text-ink">Tyres fitted</h3>
            <ul className={listClass}>
              {report.fitted.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        {report.removedTread.length > 0 && (
          <div>
            <h3 className="font-semibold text-ink">Tread depth of the tyres removed</h3>
            <ul className={listClass}>
              {report.removedTread.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        )}
        <div>
          <h3 className="font-semibold text-ink">Checks</h3>
          <ul className={listClass}>
            {report.checks.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        {report.advisories && (
          <div>
            <h3 className="font-semibold text-ink">Advisories</h3>
            <p className="mt-1 whitespace-pre-line text-slate-800">{report.advisories}</p>
          </div>
        )}
        {report.notes && (
          <div>
            <h3 className="font-semibold text-ink">Notes from your fitter</h3>
            <p className="mt-1 whitespace-pre-line text-slate-800">{report.notes}</p>
          </div>
        )}
      </div>
      {report.invoice ? (
        <a
          href={report.invoice.href}
          download
          className="mt-6 inline-flex w-full items-center justify-center rounded-lg bg-ink px-5 py-3 font-semibold text-white transition hover:bg-slate-700 sm:w-auto"
        >
          Download VAT invoice {report.invoice.number} (PDF)
        </a>
      ) : (
        <p className="mt-6 text-slate-700">Your VAT invoice will be e-mailed to you once it is issued.</p>
      )}
    </section>
  );
}
