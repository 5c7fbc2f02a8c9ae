import { actionClass } from '#app/features/enquiries/dashboard/enquiry-format.ts';

/** A small form's buttons: its submit (`busyLabel` while it is sent) and Cancel. */
export function SubmitOrCancel({
  label,
  busyLabel,
  busy,
  tone,
  onCancel,
}: {
  label: string;
  busyLabel: string;
  busy: boolean;
  /** The submit button's colours. */
  tone: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" disabled={busy} className={`${actionClass} px-5 disabled:opacity-60 ${tone}`}>
        {busy ? busyLabel : label}
      </button>
      <button
        type="button"
        onClick={onCancel}
        className={`${actionClass} border border-slate-300 bg-white text-ink hover:bg-slate-100`}
      >
        Cancel
      </button>
    </div>
  );
}
