import { useId, useState } from 'react';
import { jobLimits } from '#common/jobs/jobs.ts';
import { formatPence, parsePounds } from '#common/util/money.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { toast } from '#app/lib/use-toast.ts';
import { CreditNoteFields, type CreditNoteDraft } from './credit-note-fields.tsx';
import { InvoiceLink } from './invoice-link.tsx';
import { useCreditNote, type IssuedCreditNote } from './jobs-queries.ts';

/** A job's invoice: its total, and what is left to credit on it when known (the history knows). */
export type CreditableJob = { id: number; reference: string; invoice: string; total: number; left?: number };

export const creditReasonMissing = 'Say why the invoice is credited';
export const creditAmountInvalid = 'Enter an amount in pounds, such as 12.50, or leave it empty';

/** What is wrong with the draft before it is sent, field by field. */
function problemsOf(draft: CreditNoteDraft): Partial<Record<keyof CreditNoteDraft, string>> {
  const amount = draft.amount.trim() === '' ? undefined : parsePounds(draft.amount);
  return {
    ...(draft.reason.trim() === '' && { reason: creditReasonMissing }),
    ...((amount === null || amount === 0 || (amount ?? 0) > jobLimits.amount) && {
      amount: creditAmountInvalid,
    }),
  };
}

/**
 * An owner's Credit note… on a completed job: why, and how much (the whole invoice when left
 * empty). The server checks it against what is left to credit; its refusal shows in the dialog,
 * the new credit note's number on the card once issued.
 */
export function CreditNoteAction({ job }: { job: CreditableJob }) {
  const id = useId();
  const credit = useCreditNote(job.id);
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<CreditNoteDraft>({ reason: '', amount: '' });
  const [checked, setChecked] = useState(false);
  const [issued, setIssued] = useState<IssuedCreditNote>();

  const onOpenChange = (next: boolean) => {
    if (credit.isPending) return;
    if (next) {
      setDraft({ reason: '', amount: '' });
      setChecked(false);
      credit.reset();
    }
    setOpen(next);
  };
  const problems = checked ? problemsOf(draft) : {};
  const issue = () => {
    setChecked(true);
    if (Object.keys(problemsOf(draft)).length > 0) return;
    const amount = draft.amount.trim() === '' ? undefined : parsePounds(draft.amount);
    credit.mutate(
      { reason: draft.reason.trim(), ...(amount != null && { amount }) },
      {
        onSuccess: (note) => {
          setIssued(note);
          setOpen(false);
          toast({
            title: 'Credit note issued',
            description: `Credit note ${note.number} for ${formatPence(note.total)} against ${job.invoice}.`,
          });
        },
      },
    );
  };

  return (
    <>
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        trigger={
          <Button type="button" variant="outline">
            <span>
              Credit note<span aria-hidden="true">…</span>
            </span>
            <span className="sr-only"> for {job.reference}</span>
          </Button>
        }
        title="Issue a credit note"
        description={`Against invoice ${job.invoice} (${formatPence(job.total)}) of job ${job.reference}. The invoice itself never changes.`}
        confirmLabel="Issue credit note"
        closeOnConfirm={false}
        busy={credit.isPending}
        busyLabel="Issuing…"
        onConfirm={issue}
      >
        <CreditNoteFields
          id={id}
          draft={draft}
          problems={problems}
          refusal={credit.error}
          total={job.total}
          left={job.left}
          onChange={(next) => {
            setDraft(next);
            if (credit.isError) credit.reset();
          }}
        />
      </ConfirmDialog>
      {issued && (
        <div
          role="status"
          className="flex w-full flex-wrap items-center justify-between gap-2 rounded-lg border border-brand/60 bg-brand-light px-3 py-2 text-sm text-ink"
        >
          <span>
            Credit note <span className="font-semibold">{issued.number}</span> issued for{' '}
            <span className="font-semibold">{formatPence(issued.total)}</span>.
          </span>
          <InvoiceLink jobId={job.id} number={issued.number} kind="credit-note" />
        </div>
      )}
    </>
  );
}
