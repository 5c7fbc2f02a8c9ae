import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { jobLimits } from '#common/jobs/jobs.ts';
import { formatPence, parsePounds } from '#common/util/money.ts';
import { Button } from '#app/components/ui/button.tsx';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { toast } from '#app/lib/use-toast.ts';
import { CreditNoteFields, type CreditNoteDraft } from './credit-note-fields.tsx';
import { InvoiceLink } from './invoice-link.tsx';
import type { CreditNoteInput, IssuedCreditNote } from '#common/jobs/jobs.ts';
import { useCreditNote } from './jobs-queries.ts';

/** A job's invoice: its total, and what is left to credit on it when known (the history knows). */
type CreditableJob = { id: number; reference: string; invoice: string; total: number; left?: number };

export const creditReasonMissing = 'Say why the invoice is credited';
export const creditAmountInvalid = 'Enter an amount in pounds, such as 12.50, or leave it empty';

/** Typed text, trimmed. */
const trimmed = (typed: unknown) => (typeof typed === 'string' ? typed.trim() : '');

/** The credit note as sent: the reason, and the amount in pence unless left empty (what is left). */
const creditNoteSchema = z.object({
  reason: z.pipe(z.transform(trimmed), z.string().check(z.minLength(1, creditReasonMissing))),
  amount: z.pipe(
    z.transform((typed: unknown) => (trimmed(typed) === '' ? undefined : parsePounds(trimmed(typed)))),
    z.optional(
      z
        .number(creditAmountInvalid)
        .check(z.minimum(1, creditAmountInvalid), z.maximum(jobLimits.amount, creditAmountInvalid)),
    ),
  ),
});

const emptyDraft: CreditNoteDraft = { reason: '', amount: '' };

/**
 * An owner's Credit note… on a completed job: why, and how much (the whole invoice when left
 * empty). The server checks it against what is left to credit; its refusal shows in the dialog,
 * the new credit note's number on the card once issued.
 */
export function CreditNoteAction({ job }: { job: CreditableJob }) {
  const id = useId();
  const credit = useCreditNote(job.id);
  const [open, setOpen] = useState(false);
  const [issued, setIssued] = useState<IssuedCreditNote>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CreditNoteDraft, unknown, CreditNoteInput>({
    resolver: schemaResolver<CreditNoteDraft, CreditNoteInput>(creditNoteSchema),
    defaultValues: emptyDraft,
  });

  // From the press until the answer: the resolver's check comes first, then the request.
  const busy = isSubmitting || credit.isPending;
  const onOpenChange = (next: boolean) => {
    if (busy) return;
    if (next) reset(emptyDraft);
    setOpen(next);
  };
  const issue = handleSubmit(async ({ reason, amount }) => {
    try {
      const note = await credit.mutateAsync({ reason, ...(amount !== undefined && { amount }) });
      setIssued(note);
      setOpen(false);
      toast({
        title: 'Credit note issued',
        description: `Credit note ${note.number} for ${formatPence(note.total)} against ${job.invoice}.`,
      });
    } catch (error) {
      showRefusal(error, { fields: ['reason', 'amount'], setError });
    }
  });

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
        busy={busy}
        busyLabel="Issuing…"
        onConfirm={() => void issue()}
      >
        <CreditNoteFields id={id} register={register} errors={errors} total={job.total} left={job.left} />
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
