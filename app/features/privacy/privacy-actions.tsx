import { Button } from '#app/components/ui/button.tsx';
import { useState } from 'react';
import type { PersonalDataExport } from '#common/privacy/privacy.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { DownloadIcon, TrashIcon } from '#app/components/ui/staff-icons.tsx';
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
      <Button
        type="button"
        aria-disabled={download.isPending}
        onClick={() => {
          if (!download.isPending) download.mutate();
        }}
        variant="primary"
        className="justify-center"
      >
        <DownloadIcon className="size-4" />
        {download.isPending ? 'Preparing the file…' : 'Download data (JSON)'}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => setConfirming(open && !erase.isPending)}
        trigger={
          <Button
            type="button"
            aria-disabled={erase.isPending}
            variant="danger-outline"
            className="justify-center"
          >
            <TrashIcon className="size-4" />
            {erase.isPending ? 'Erasing…' : 'Erase all data'}
          </Button>
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
