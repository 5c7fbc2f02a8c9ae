import type { InputHTMLAttributes } from 'react';
import { remindersConsentWording } from '#common/reminders/consent.ts';

/**
 * The reminders question of the booking page and the enquiry form: unticked until the customer
 * ticks it, in the words stored with the answer. Sent as `remindersConsent=on` when ticked.
 */
export function RemindersConsentCheckbox({
  id,
  ...input
}: { id: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'id'>) {
  return (
    <div className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <input
        id={id}
        type="checkbox"
        name="remindersConsent"
        className="mt-0.5 size-5 shrink-0 accent-brand-dark"
        {...input}
      />
      <label htmlFor={id} className="text-sm leading-relaxed text-slate-700">
        {remindersConsentWording}
      </label>
    </div>
  );
}
