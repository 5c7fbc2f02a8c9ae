import type { Enquiry } from '#common/enquiry.ts';
import { ConfirmDialog } from '../ui/confirm-dialog.tsx';
import { MailIcon, PhoneIcon } from '../ui/icons.tsx';
import { actionClass } from './enquiry-format.ts';

type EnquiryCardActionsProps = {
  enquiry: Enquiry;
  busy: boolean;
  onMarkContacted: () => void;
  onDelete: () => void;
};

/** Call, e-mail, mark contacted (after confirmation) and delete. */
export function EnquiryCardActions({ enquiry, busy, onMarkContacted, onDelete }: EnquiryCardActionsProps) {
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {enquiry.phone && (
        <a
          href={`tel:${enquiry.phone.replace(/[^\d+]/g, '')}`}
          className={`${actionClass} bg-ink text-white hover:bg-slate-700`}
        >
          <PhoneIcon className="size-4" />
          Call Customer
        </a>
      )}
      <a
        href={`mailto:${enquiry.email}?subject=${encodeURIComponent(`Your enquiry ${enquiry.reference}`)}`}
        className={`${actionClass} border border-slate-300 text-ink hover:bg-slate-100`}
      >
        <MailIcon className="size-4" />
        Email Customer
      </a>
      {!enquiry.contacted && (
        <ConfirmDialog
          trigger={
            <button
              type="button"
              disabled={busy}
              className={`${actionClass} bg-brand text-ink hover:bg-brand-dark hover:text-white disabled:opacity-60`}
            >
              Mark as Contacted
            </button>
          }
          title="Mark as contacted"
          description={`Mark ${enquiry.name}'s enquiry as contacted?`}
          confirmLabel="Mark as Contacted"
          onConfirm={onMarkContacted}
        />
      )}
      <ConfirmDialog
        trigger={
          <button
            type="button"
            disabled={busy}
            className={`${actionClass} text-red-700 hover:bg-red-50 disabled:opacity-60 sm:ml-auto`}
          >
            Delete
          </button>
        }
        title="Delete enquiry"
        description={`Are you sure you want to delete ${enquiry.name}'s enquiry? This action cannot be undone.`}
        confirmLabel="Delete"
        destructive
        onConfirm={onDelete}
      />
    </div>
  );
}
