import { Button, buttonClass } from '#app/components/ui/button.tsx';
import type { Enquiry } from '#common/enquiries/enquiry.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { MailIcon, PhoneIcon } from '#app/components/ui/icons.tsx';

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
        <a href={`tel:${enquiry.phone.replace(/[^\d+]/g, '')}`} className={buttonClass('dark')}>
          <PhoneIcon className="size-4" />
          Call Customer
        </a>
      )}
      <a
        href={`mailto:${enquiry.email}?subject=${encodeURIComponent(`Your enquiry ${enquiry.reference}`)}`}
        className={buttonClass('outline')}
      >
        <MailIcon className="size-4" />
        Email Customer
      </a>
      {!enquiry.contacted && (
        <ConfirmDialog
          trigger={
            <Button type="button" disabled={busy} variant="primary">
              Mark as Contacted
            </Button>
          }
          title="Mark as contacted"
          description={`Mark ${enquiry.name}'s enquiry as contacted?`}
          confirmLabel="Mark as Contacted"
          onConfirm={onMarkContacted}
        />
      )}
      <ConfirmDialog
        trigger={
          <Button type="button" disabled={busy} variant="danger" className="sm:ml-auto">
            Delete
          </Button>
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
