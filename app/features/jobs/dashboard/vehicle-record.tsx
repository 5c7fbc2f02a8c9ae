import type { JobRecord } from '#common/jobs/jobs.ts';
import { FittedTyresTable, recordedPositions } from './fitted-tyres-table.tsx';

/** What a completed job did: each position's new tyre and its DOT, the old tyre's tread, the checks. */
export function VehicleRecord({ record, caption }: { record: JobRecord; caption: string }) {
  return (
    <div className="grid gap-3">
      {recordedPositions(record).length > 0 && <FittedTyresTable record={record} caption={caption} />}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        <span>
          <span className="font-semibold text-ink">Wheel nuts torqued:</span> {record.torqued ? 'Yes' : 'No'}
        </span>
        <span>
          <span className="font-semibold text-ink">TPMS reset:</span> {record.tpmsReset ? 'Yes' : 'No'}
        </span>
      </p>
      {record.advisories && (
        <div className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm">
          <p className="font-semibold text-amber-900">Advisories</p>
          <p className="mt-0.5 whitespace-pre-line break-words text-slate-800">{record.advisories}</p>
        </div>
      )}
      {record.notes && (
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-ink">Notes</p>
          <p className="mt-0.5 whitespace-pre-line break-words text-slate-700">{record.notes}</p>
        </div>
      )}
    </div>
  );
}
