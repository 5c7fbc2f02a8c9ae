import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { enquiryStatuses, enquiryStatusLabels, isEnquiryStatus } from '#common/enquiries/status.ts';
import { useChangeEnquiryStatus } from './enquiry-queries.ts';

/** Moves an enquiry along the pipeline: any status may be chosen, as staff correct mistakes too. */
export function EnquiryStatusControl({ enquiry }: { enquiry: Enquiry }) {
  const changeStatus = useChangeEnquiryStatus(enquiry);
  const id = `enquiry-${enquiry.id}-status`;
  // While the change is on its way, the control shows the status chosen rather than springing back.
  const shown = changeStatus.isPending ? changeStatus.variables : enquiry.status;
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Status
      </label>
      <select
        id={id}
        value={shown}
        disabled={changeStatus.isPending}
        onChange={(event) => {
          const status = event.target.value;
          if (isEnquiryStatus(status) && status !== enquiry.status) changeStatus.mutate(status);
        }}
        className="min-h-10 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-sm text-ink shadow-sm focus:border-brand-dark focus:ring-2 focus:ring-brand/40 focus:outline-none disabled:opacity-60"
      >
        {enquiryStatuses.map((status) => (
          <option key={status} value={status}>
            {enquiryStatusLabels[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
