import { tyrePositionLabels, tyrePositions, type JobRecord } from '#common/jobs/jobs.ts';
import { formatDot } from './jobs-format.ts';
import { TreadDepth } from './tread-depth.tsx';

/** The positions the record says anything about, in the car's order (front, rear, spare). */
export const recordedPositions = (record: JobRecord) =>
  tyrePositions.filter(
    (position) =>
      record.tyres.some((tyre) => tyre.position === position) ||
      record.removedTreadMm[position] !== undefined,
  );

/*
 * A table from `sm` up; on a phone each position is a block of its own (the position and the old
 * tread on one line, the new tyre under them), too narrow for three columns. The roles are given
 * outright because a table whose display is changed loses them in some browsers.
 */
const phoneRow =
  'max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_auto] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:py-2.5';

/** Each position's new tyre and its DOT, and the tread left on the tyre taken off. */
export function FittedTyresTable({ record, caption }: { record: JobRecord; caption: string }) {
  return (
    <table role="table" className="w-full text-left text-sm max-sm:block">
      <caption className="sr-only">{caption}</caption>
      <thead role="rowgroup" className="max-sm:sr-only">
        <tr role="row" className="text-xs tracking-wide text-slate-600 uppercase">
          <th role="columnheader" scope="col" className="py-1.5 pr-3 font-semibold">
            Position
          </th>
          <th role="columnheader" scope="col" className="py-1.5 pr-3 font-semibold">
            Tyre fitted
          </th>
          <th role="columnheader" scope="col" className="py-1.5 font-semibold">
            Removed tread
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup" className="max-sm:block">
        {recordedPositions(record).map((position) => {
          const tyre = record.tyres.find((entry) => entry.position === position);
          const tread = record.removedTreadMm[position];
          return (
            <tr key={position} role="row" className={`border-t border-slate-200 align-top ${phoneRow}`}>
              <th
                role="rowheader"
                scope="row"
                className="py-2 pr-3 font-semibold whitespace-nowrap text-ink max-sm:p-0"
              >
                {tyrePositionLabels[position]}
              </th>
              <td
                role="cell"
                className="py-2 pr-3 text-slate-700 max-sm:col-span-2 max-sm:row-start-2 max-sm:p-0"
              >
                {tyre ? (
                  <>
                    <span className="font-semibold text-ink">
                      {tyre.brand} {tyre.pattern}
                    </span>{' '}
                    {tyre.size}
                    <span className="block text-xs text-slate-600">{formatDot(tyre.dot)}</span>
                  </>
                ) : (
                  <span className="text-slate-500">None fitted</span>
                )}
              </td>
              <td
                role="cell"
                className="py-2 max-sm:col-start-2 max-sm:row-start-1 max-sm:p-0 max-sm:text-right"
              >
                <span className="mr-1.5 text-xs text-slate-500 sm:hidden">Removed</span>
                {tread === undefined ? <span className="text-slate-500">—</span> : <TreadDepth mm={tread} />}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
