import { useState } from 'react';
import type { Job } from '#common/jobs/jobs.ts';
import type { PaymentLink } from '#common/payments/payments.ts';
import { formatPence } from '#common/util/money.ts';
import { Button } from '#app/components/ui/button.tsx';
import { CheckIcon, MailIcon, PhoneIcon } from '#app/components/ui/icons.tsx';
import { useMessagesStatus } from '#app/features/messages/dashboard/index.ts';
import { usePaymentLink } from '#app/features/payments/index.ts';
import { messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { useDaysReadAgain } from './use-phone-jobs.ts';

/** How often the job is read again while the customer pays by the link. */
export const paidCheckMs = 3_000;

/**
 * The QR code as an image: the server's SVG, shown only when it is one, and as an image, in which
 * nothing it holds can run. About 240 px across on white, with a quiet zone of four modules or so
 * around it (the SVG's own two and the padding), so that a phone held at arm's length reads it.
 */
function QrCode({ svg, amount }: { svg: string; amount: string }) {
  if (!svg.trimStart().startsWith('<svg')) return null;
  return (
    <img
      src={`data:image/svg+xml;utf8,${encodeURIComponent(svg)}`}
      alt={`QR code of the link to pay ${amount} by card`}
      className="mx-auto aspect-square w-full max-w-60 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200"
    />
  );
}

/** The job paid in full since the link was made: what the fitter waited for. */
function PaidInFull({ job }: { job: Job }) {
  return (
    <div
      role="status"
      className="grid justify-items-center gap-1 rounded-xl bg-brand-light p-4 text-center text-ink"
    >
      <CheckIcon className="size-10 rounded-full bg-brand-dark p-2 text-white" aria-hidden="true" />
      <p className="font-heading text-2xl font-extrabold">Paid in full</p>
      <p className="text-sm">{formatPence(job.paid)} paid: Stripe confirmed the payment.</p>
    </div>
  );
}

/**
 * Texts the link to the customer, while texts are set up: to any UK mobile of theirs, whichever
 * way they chose to hear. What came of it stays under the button.
 */
function TextLink({ job }: { job: Job }) {
  const texts = useMessagesStatus();
  const text = usePaymentLink(job.id);
  const [outcome, setOutcome] = useState<string | null>(null);
  if (!texts.data?.configured) return null;
  const send = () => {
    if (text.isPending) return;
    setOutcome(null);
    text.mutate(
      { text: true },
      {
        onSuccess: (link) =>
          setOutcome(link.texted ? 'Texted to the customer' : 'This customer’s number cannot take texts'),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Link not texted', description: messageOf(error) }),
      },
    );
  };
  return (
    <>
      <Button type="button" variant="outline" size="large" aria-disabled={text.isPending} onClick={send}>
        <PhoneIcon className="size-5" aria-hidden="true" />
        {text.isPending ? 'Texting…' : 'Text it to the customer'}
      </Button>
      <p role="status" className="text-center text-sm font-semibold text-ink empty:hidden">
        {outcome}
      </p>
    </>
  );
}

/**
 * The link and QR code for what is still due: the customer scans it and pays on Stripe's page,
 * or has it by e-mail or text. The job is read again every few seconds until it is paid in full.
 */
export function PaymentLinkShown({
  job,
  link,
  onClose,
}: {
  job: Job;
  link: PaymentLink;
  onClose: () => void;
}) {
  const email = usePaymentLink(job.id);
  const paid = job.total > 0 && job.paid >= job.total;
  useDaysReadAgain(!paid, paidCheckMs);
  const amount = formatPence(link.amountPence);
  const send = () => {
    if (email.isPending) return;
    email.mutate(
      { email: true },
      {
        onSuccess: () => toast({ title: 'Link sent', description: 'The customer has the link by e-mail.' }),
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Link not sent', description: messageOf(error) }),
      },
    );
  };
  return (
    <section
      aria-label="Card payment link"
      className="grid gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      {paid ? (
        <PaidInFull job={job} />
      ) : (
        <>
          <p className="text-center text-lg text-ink">
            Scan to pay <span className="font-heading font-extrabold">{amount}</span> by card
          </p>
          <QrCode svg={link.qrSvg} amount={amount} />
          <a
            href={link.url}
            target="_blank"
            rel="noreferrer"
            className="text-center font-mono text-xs break-all text-slate-600 underline underline-offset-4 hover:text-ink"
          >
            {link.url}
          </a>
          <p className="flex items-center justify-center gap-2 text-sm text-slate-600">
            <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-amber-500" />
            Waiting for the payment…
          </p>
          <Button type="button" variant="outline" size="large" aria-disabled={email.isPending} onClick={send}>
            <MailIcon className="size-5" aria-hidden="true" />
            {email.isPending ? 'Sending…' : 'Send the link by e-mail'}
          </Button>
          <TextLink job={job} />
        </>
      )}
      <Button type="button" variant={paid ? 'primary' : 'outline'} size="large" onClick={onClose}>
        {paid ? 'Done' : 'Close'}
      </Button>
    </section>
  );
}

/**
 * A card payment link for what is still due on a job: a button that asks the server for it, then
 * the link and its QR code. It needs a signal: without one the button says so.
 */
export function PaymentLinkButton({
  job,
  online,
  onOpen,
}: {
  job: Job;
  online: boolean;
  onOpen: (link: PaymentLink) => void;
}) {
  const request = usePaymentLink(job.id);
  if (!online) {
    return (
      <Button type="button" variant="outline" size="large" aria-disabled>
        Card payment link: needs a signal
      </Button>
    );
  }
  const ask = () => {
    if (request.isPending) return;
    request.mutate(
      {},
      {
        onSuccess: onOpen,
        onError: (error) =>
          toast({ variant: 'destructive', title: 'No payment link', description: messageOf(error) }),
      },
    );
  };
  return (
    <Button type="button" variant="outline" size="large" aria-disabled={request.isPending} onClick={ask}>
      {request.isPending ? 'Making the link…' : 'Card payment link'}
    </Button>
  );
}
