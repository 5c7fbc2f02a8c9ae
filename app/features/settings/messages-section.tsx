import { memo } from 'react';
import type { MessageSettings } from '#common/messages/settings.ts';
import type { MessagesStatus } from '#common/messages/replies.ts';
import { smsSegments } from '#common/messages/sms.ts';
import {
  textKindPlaceholders,
  textKinds,
  writeText,
  type TextKind,
  type TextPlaceholder,
} from '#common/messages/texts.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { TextField } from '#app/components/editor/fields.tsx';
import { CheckIcon } from '#app/components/ui/icons.tsx';

/** Whether texts are set up, and how Twilio last answered, from GET /api/messages/status. */
export function TextsConfigured({ status }: { status: MessagesStatus | undefined }) {
  if (!status) return null;
  return (
    <div className="grid gap-2">
      {status.configured ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg bg-brand-light p-3 text-sm font-semibold text-ink"
        >
          <CheckIcon className="size-5 shrink-0 text-brand-dark" />
          Texts are set up
        </p>
      ) : (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          <span className="font-semibold">Texts are not set up: customers hear by e-mail.</span> Set
          TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM to send them.
        </p>
      )}
      {(status.lastSuccessAt || status.lastFailureAt) && (
        <dl className="grid gap-1 text-sm text-slate-700 sm:grid-cols-[auto_1fr] sm:gap-x-3">
          {status.lastSuccessAt && (
            <>
              <dt className="font-semibold text-ink">Last text sent</dt>
              <dd>{formatDateTime(status.lastSuccessAt)}</dd>
            </>
          )}
          {status.lastFailureAt && (
            <>
              <dt className="font-semibold text-ink">Last failure</dt>
              <dd className="break-words">
                {formatDateTime(status.lastFailureAt)}
                {status.lastFailure ? `: ${status.lastFailure}` : ''}
              </dd>
            </>
          )}
        </dl>
      )}
    </div>
  );
}

/** Facts of a plausible booking, for counting the parts of a text as staff write it. */
const sampleFacts = (business: string): Omit<Record<TextPlaceholder, string>, 'link'> => ({
  business,
  reference: 'BK-2612-0042',
  date: 'Tue 8 Dec',
  window: '09:00-11:00',
  service: 'Tyre Replacement',
  eta: '10:15',
  amount: '£85.00',
  registration: 'AB12 CDE',
});

/**
 * The link each text carries, as long as it comes: the confirmation's names the booking's own
 * 43-character token; the later texts' a text's token (16 characters and the booking's number);
 * the reminders' the booking form.
 */
function sampleLink(kind: TextKind, origin: string): string {
  if (kind === 'booking-confirmation') return `${origin}/m/${'x'.repeat(43)}`;
  if (kind === 'reminder-mot' || kind === 'reminder-tyres') return `${origin}/book`;
  return `${origin}/m/${'x'.repeat(18)}${kind === 'payment-link' ? '/pay' : ''}`;
}

const partsText = (parts: number) => (parts === 1 ? '1 text message' : `${parts} text messages`);

/** One text's wording, with the placeholders it may use and how many text messages it takes. */
function TextWordingField({
  kind,
  wording,
  facts,
  origin,
}: {
  kind: TextKind;
  wording: string;
  facts: Omit<Record<TextPlaceholder, string>, 'link'>;
  origin: string;
}) {
  const parts = smsSegments(writeText(wording, { ...facts, link: sampleLink(kind, origin) }));
  return (
    <TextField
      path={['messages', 'texts', kind]}
      value={wording}
      rows={3}
      hint={`Placeholders: ${textKindPlaceholders[kind].map((name) => `{${name}}`).join(' ')}`}
      aside={
        <span className={`text-sm font-semibold ${parts > 2 ? 'text-red-700' : 'text-slate-600'}`}>
          {partsText(parts)}
        </span>
      }
    />
  );
}

/**
 * The words of each text the business sends, each with its placeholders and how many text
 * messages it takes with a typical booking's details, and when the day before's text goes.
 */
export const MessagesSection = memo(function MessagesSection({
  messages: shown,
  business,
  origin,
}: {
  messages: MessageSettings;
  /** The business's name and the site's address, as the texts' examples give them. */
  business: string;
  origin: string;
}) {
  const facts = sampleFacts(business);
  return (
    <>
      {textKinds.map((kind) => (
        <TextWordingField key={kind} kind={kind} wording={shown.texts[kind]} facts={facts} origin={origin} />
      ))}
      <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
        <TextField
          path={['messages', 'dayBeforeTime']}
          value={shown.dayBeforeTime}
          inputMode="numeric"
          hint="HH:MM, London time, the day before the booking."
        />
      </div>
    </>
  );
});
