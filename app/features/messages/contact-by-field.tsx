import { useEffect, useRef, useState } from 'react';
import {
  contactByLabels,
  contactByMobileMessage,
  contactByOptions,
  contactByQuestion,
  ukMobile,
  type ContactBy,
} from '#common/messages/contact.ts';

const isContactBy = (value: string | undefined): value is ContactBy =>
  (contactByOptions as readonly string[]).includes(value ?? '');

/**
 * The booking page's and the enquiry form's question "How should we keep you posted?", asked only
 * while texts are set up. Until the customer chooses, the answer follows the phone number typed in
 * the same form: a text message for a UK mobile, else e-mail. The radios are in the form's own
 * markup, so a form posted without scripts sends `contactBy` as the JSON does.
 */
export function ContactByField({
  idPrefix,
  sent,
  error,
  className,
}: {
  /** `book` or `enquiry`: the radios' ids, `${idPrefix}-contactBy-${option}`. */
  idPrefix: string;
  /** The answer of a post that came back, if any. */
  sent?: { contactBy?: string; phone?: string };
  error?: string;
  className?: string;
}) {
  const [chosen, setChosen] = useState<ContactBy | null>(
    isContactBy(sent?.contactBy) ? sent.contactBy : null,
  );
  const [phone, setPhone] = useState(sent?.phone ?? '');
  const area = useRef<HTMLFieldSetElement>(null);
  // The phone field is the form's, not this component's: read as it is typed (and as it was typed
  // before the page's scripts ran).
  useEffect(() => {
    const form = area.current?.form;
    if (!form) return;
    const read = () => {
      const field = form.elements.namedItem('phone');
      if (field instanceof HTMLInputElement) setPhone(field.value);
    };
    read();
    form.addEventListener('input', read);
    return () => form.removeEventListener('input', read);
  }, []);
  const mobile = ukMobile(phone) !== null;
  const answer = chosen ?? (mobile ? 'text' : 'email');
  const errorId = `${idPrefix}-contactBy-error`;
  const hintId = `${idPrefix}-contactBy-hint`;
  // Told once texts are chosen for a number that cannot take them: the e-mails go instead.
  const hint = answer !== 'email' && phone.trim() !== '' && !mobile ? contactByMobileMessage : null;
  return (
    <fieldset
      ref={area}
      className={className}
      aria-describedby={[error ? errorId : '', hint ? hintId : ''].join(' ').trim() || undefined}
    >
      <legend className="text-sm font-semibold text-ink">{contactByQuestion}</legend>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-1 flex flex-wrap gap-x-6">
        {contactByOptions.map((option) => (
          <label key={option} className="flex min-h-11 cursor-pointer items-center gap-2 font-medium">
            <input
              type="radio"
              id={`${idPrefix}-contactBy-${option}`}
              name="contactBy"
              value={option}
              checked={answer === option}
              onChange={() => setChosen(option)}
              className="size-5 accent-brand-dark"
            />
            {contactByLabels[option]}
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </fieldset>
  );
}
