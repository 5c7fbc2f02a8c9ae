import { useState } from 'react';
import type { PersonalDataExport } from '#common/privacy/privacy.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { DownloadIcon, TrashIcon } from '#app/components/ui/icons.tsx';
import { actionClass } from '#app/features/enquiries/dashboard/enquiry-format.ts';
import { erasureQuestion, type StoredCounts } from './privacy-format.ts';
import { useDownloadPersonalData, useErasePersonalData } from './privacy-queries.ts';

type PersonalDataActionsProps = {
  data: PersonalDataExport;
  counts: StoredCounts;
  /** After the erasure: the buttons are gone, so focus goes elsewhere. */
  onErased: () => void;
};

/**
 * Download data (JSON) and Erase all data, after a confirmation naming what goes. While one is
 * under way its button stays focusable (aria-disabled), so that focus is not lost.
 */
export function PersonalDataActions({ data, counts, onErased }: PersonalDataActionsProps) {
  const download = useDownloadPersonalData(data.email);
  const erase = useErasePersonalData(data.email, { onErased });
  const [confirming, setConfirming] = useState(false);
  return (
    <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
      <button
        type="button"
        aria-disabled={download.isPending}
        onClick={() => {
          if (!download.isPending) download.mutate();
        }}
        className={`${actionClass} justify-center bg-brand text-ink hover:bg-brand-dark hover:text-white aria-disabled:opacity-60`}
      >
        <DownloadIcon className="size-4" />
        {download.isPending ? 'Preparing the file…' : 'Download data (JSON)'}
      </button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => setConfirming(open && !erase.isPending)}
        trigger={
          <button
            type="button"
            aria-disabled={erase.isPending}
            className={`${actionClass} justify-center border border-red-700 bg-white text-red-700 hover:bg-red-50 aria-disabled:opacity-60`}
          >
            <TrashIcon className="size-4" />
            {erase.isPending ? 'Erasing…' : 'Erase all data'}
          </button>
        }
        title="Erase personal data"
        description={erasureQuestion(data.email, counts)}
        confirmLabel="Erase all data"
        destructive
        onConfirm={() => erase.mutate()}
      >
        <p className="mt-3 text-sm text-slate-600">
          The notification e-mails about these enquiries go too. The erasure is recorded with your name and
          how many records went, never the address.
        </p>
      </ConfirmDialog>
    </div>
  );
}
