import { useState, type FormEvent } from 'react';
import { Form, useNavigation } from 'react-router';
import * as z from 'zod/mini';
import {
  bookingFieldLimits,
  bookingHoneypotField,
  bookingSchema,
  type BookingField,
} from '#common/bookings/booking.ts';
import { enquiryFieldLimits } from '#common/enquiries/enquiry.ts';
import { mobileLocation } from '#common/bookings/settings.ts';
import { lockingNutsAnswers, lockingNutsLabels } from '#common/bookings/words.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { ContactByField } from '#app/features/messages/index.ts';
import { RemindersConsentCheckbox } from '#app/features/reminders/index.ts';
import { BookingErrorSummary } from './booking-error-summary.tsx';
import { BookingSummary, type SummaryRow } from './booking-summary.tsx';
import {
  choiceFields,
  type BookingChoices,
  type BookingValues,
  type DepositNotice,
  type OfferedSlot,
  type TyreChoiceSummary,
} from './booking-types.ts';
import { AlternativeWindows, slotField } from './alternative-windows.tsx';
import { Paying } from './paying.tsx';
import { primaryButtonClass } from './step-form.tsx';
import { useRegisteredVehicle } from '#app/lib/use-registered-vehicle.ts';

type DetailField =
  | 'name'
  | 'phone'
  | 'email'
  | 'addressLine'
  | 'town'
  | 'lockingNuts'
  | 'lockingNutKey'
  | 'registration'
  | 'vehicle'
  | 'notes';
type DetailErrors = Partial<Record<BookingField | typeof slotField, string>>;

const detailFields: { name: DetailField; label: string }[] = [
  { name: 'name', label: 'Name' },
  { name: 'phone', label: 'Phone' },
  { name: 'email', label: 'Email' },
  { name: 'addressLine', label: 'Address (first line)' },
  { name: 'town', label: 'Town' },
  { name: 'lockingNuts', label: 'Locking wheel nuts' },
  { name: 'lockingNutKey', label: 'Where is the key?' },
  { name: 'registration', label: 'Vehicle registration' },
  { name: 'vehicle', label: 'Vehicle make and model' },
  { name: 'notes', label: 'Notes' },
];

const fieldId = (field: string) => `book-${field}`;

export type DetailsStepProps = {
  choices: BookingChoices;
  summary: readonly SummaryRow[];
  /** The tyres being booked, shown in the summary after the service; or why not. */
  tyre?: TyreChoiceSummary | null;
  tyreNotice?: string | null;
  /** What was sent last time (a post that came back), else nothing. */
  values: BookingValues;
  /** The server's messages, by field. */
  errors: DetailErrors;
  /** The chosen window went meanwhile: the message and the next free windows. */
  conflict?: { message: string; nextFree: readonly OfferedSlot[] };
  /** A message about the whole booking (too many at once). */
  notice?: string;
  /** The deposit taken online for this booking, told before booking; none: pay on the day. */
  deposit?: DepositNotice | null;
  /** Texts are set up: the form asks how the customer wants to hear (e-mail, text or both). */
  texts?: boolean;
};

/** The form's messages, checked here before sending when scripts run (the server checks again). */
export function detailErrorsOf(form: Record<string, string>, conflict: boolean): DetailErrors {
  const errors: DetailErrors = {};
  for (const issue of z.safeParse(bookingSchema, form).error?.issues ?? []) {
    const field = issue.path[0] as BookingField;
    errors[field] ??= issue.message;
  }
  if (conflict && !form[slotField]) errors[slotField] = 'Choose one of the times below';
  return errors;
}

/**
 * The summary's rows, with the tyres being booked after the service: the one place the details
 * name them (the day chosen says when, so not the first day they can be fitted).
 */
function rowsWithTyre(summary: readonly SummaryRow[], tyre: TyreChoiceSummary | null): readonly SummaryRow[] {
  if (!tyre) return summary;
  const detail = `${tyre.total} in all (${tyre.each} each), fully fitted, VAT included`;
  return [
    ...summary.slice(0, 1),
    { label: 'Tyres', value: tyre.what, detail, step: 'what' },
    ...summary.slice(1),
  ];
}

/**
 * The messages shown: the server's, until the form is checked here on submit; from then on each
 * change is checked again, so a corrected field loses its message. `attempt` counts the checks
 * on submit, so that each one focuses the error summary afresh.
 */
function useCheckedDetails(errors: DetailErrors, conflict: boolean) {
  const [checked, setChecked] = useState<{ errors: DetailErrors; attempt: number } | null>(null);
  // A new answer from the server replaces what was checked here.
  const [answered, setAnswered] = useState(errors);
  if (answered !== errors) {
    setAnswered(errors);
    setChecked(null);
  }
  const check = (form: HTMLFormElement) =>
    detailErrorsOf(
      Object.fromEntries([...new FormData(form)].map(([key, value]) => [key, String(value)])),
      conflict,
    );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const found = check(event.currentTarget);
    setChecked({ errors: found, attempt: (checked?.attempt ?? 0) + 1 });
    if (Object.keys(found).length > 0) event.preventDefault();
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    if (checked) setChecked({ errors: check(event.currentTarget), attempt: checked.attempt });
  };
  return { shown: checked?.errors ?? errors, attempt: checked?.attempt, onSubmit, onChange };
}

/** The summary's lines: each field's message, linked to its field (the question's first choice). */
const summaryErrorsOf = (shown: DetailErrors) =>
  [...detailFields.map((field) => field.name), 'contactBy', slotField].flatMap((field) => {
    const message = shown[field as keyof DetailErrors];
    if (!message) return [];
    const target =
      field === slotField ? 'book-slot' : field === 'contactBy' ? 'book-contactBy-email' : fieldId(field);
    return [{ message, target }];
  });

/** A text field's name, the value sent last time and its length limit. */
const textInputOf = (values: BookingValues) => (name: DetailField) => ({
  name,
  defaultValue: values[name],
  maxLength:
    name === 'name' || name === 'phone' || name === 'email'
      ? enquiryFieldLimits[name]
      : name === 'lockingNuts'
        ? undefined
        : bookingFieldLimits[name],
});
type TextInput = ReturnType<typeof textInputOf>;

/**
 * Step 3: who is booking and for which vehicle, under a summary of the choices; posted to the
 * page's action. A post that comes back shows the values sent, the messages at their fields
 * and a summary of them (focused), or, when the window went meanwhile, the next free ones.
 */
export function DetailsStep({
  choices,
  summary,
  tyre = null,
  tyreNotice,
  values,
  errors,
  conflict,
  notice,
  deposit = null,
  texts = false,
}: DetailsStepProps) {
  const submitting = useNavigation().state === 'submitting';
  const { shown, attempt, onSubmit, onChange } = useCheckedDetails(errors, Boolean(conflict));
  const summaryErrors = summaryErrorsOf(shown);
  const text = textInputOf(values);

  // A tyre that is no longer offered comes back as an error of its own field.
  const tyreRefused = tyreNotice ?? (errors as Partial<Record<string, string>>).tyreId;
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_20rem] lg:items-start">
      {tyreRefused && (
        <p
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-ink lg:col-span-2"
        >
          {tyreRefused}
        </p>
      )}
      <div className="lg:sticky lg:top-24 lg:order-2">
        <BookingSummary rows={rowsWithTyre(summary, tyre)} choices={choices} />
      </div>
      <Form
        method="post"
        noValidate
        onSubmit={onSubmit}
        onChange={onChange}
        aria-labelledby="book-step-title"
        className="grid gap-5 sm:grid-cols-2"
      >
        <div className="sm:col-span-2">
          <BookingErrorSummary
            key={attempt === undefined ? 'answered' : `checked-${attempt}`}
            errors={summaryErrors}
          />
          {notice && (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 p-4 font-medium text-red-800"
            >
              {notice}
            </p>
          )}
          {conflict && <AlternativeWindows {...conflict} choices={choices} error={shown[slotField]} />}
        </div>
        {choiceFields.map((field) =>
          choices[field] ? <input key={field} type="hidden" name={field} value={choices[field]} /> : null,
        )}
        {detailFields.slice(0, 3).map(({ name, label }) => (
          <FormField key={name} id={fieldId(name)} label={label} required error={shown[name]}>
            {(control) => (
              <input
                {...control}
                {...text(name)}
                type={name === 'email' ? 'email' : name === 'phone' ? 'tel' : 'text'}
                autoComplete={name === 'name' ? 'name' : name === 'phone' ? 'tel' : 'email'}
              />
            )}
          </FormField>
        ))}
        {texts && (
          <ContactByField idPrefix="book" sent={values} error={shown.contactBy} className="sm:col-span-2" />
        )}
        {choices.location === mobileLocation && (
          <>
            <AddressFields postcode={choices.postcode} text={text} shown={shown} />
            <LockingNutsFields values={values} text={text} shown={shown} />
          </>
        )}
        <VehicleFields text={text} shown={shown} />
        <div className="sm:col-span-2">
          <FormField
            id={fieldId('notes')}
            label="Notes (optional)"
            hint={
              tyre
                ? 'Where the vehicle will be parked, anything we should know.'
                : 'Tyre size, where the vehicle will be parked, anything we should know.'
            }
            error={shown.notes}
          >
            {(control) => <textarea {...control} {...text('notes')} rows={4} />}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <RemindersConsentCheckbox
            id={fieldId('remindersConsent')}
            defaultChecked={values.remindersConsent === 'on'}
          />
        </div>
        {/* A field people never see or reach; robots that fill every field give themselves away. */}
        <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
          <label htmlFor="book-website">Leave this field empty</label>
          <input id="book-website" name={bookingHoneypotField} tabIndex={-1} autoComplete="off" />
        </div>
        <div className="sm:col-span-2">
          <Paying deposit={deposit} />
          <button type="submit" disabled={submitting} className={primaryButtonClass}>
            {submitting ? 'Booking...' : 'Confirm booking'}
          </button>
          <p className="mt-3 text-sm text-slate-600">
            We will e-mail you the details and a calendar entry, with a link to cancel if plans change.
          </p>
        </div>
      </Form>
    </div>
  );
}

type FieldsProps = { text: TextInput; shown: DetailErrors };

/** Where the vehicle will be, for fitting at the customer's address. */
function AddressFields({ postcode, text, shown }: FieldsProps & { postcode: string | undefined }) {
  return (
    <fieldset className="grid gap-5 sm:col-span-2 sm:grid-cols-2">
      <legend className="mb-1 font-semibold text-slate-900">
        Where the vehicle will be{postcode ? ` (${postcode})` : ''}
      </legend>
      <FormField id={fieldId('addressLine')} label="Address (first line)" required error={shown.addressLine}>
        {(control) => (
          <input
            {...control}
            {...text('addressLine')}
            autoComplete="address-line1"
            placeholder="e.g. 12 High Street"
          />
        )}
      </FormField>
      <FormField id={fieldId('town')} label="Town" required error={shown.town}>
        {(control) => <input {...control} {...text('town')} autoComplete="address-level2" />}
      </FormField>
    </fieldset>
  );
}

/**
 * Mobile work: whether the wheels have locking wheel nuts, and where their key is when they do
 * (the key's field shown once Yes is checked, by CSS alone; browsers without :has() always show
 * it).
 */
function LockingNutsFields({ values, text, shown }: FieldsProps & { values: BookingValues }) {
  const errorId = `${fieldId('lockingNuts')}-error`;
  return (
    <div className="group/nuts grid gap-4 sm:col-span-2">
      <fieldset aria-describedby={shown.lockingNuts ? errorId : 'book-locking-nuts-hint'}>
        <legend className="font-semibold text-slate-900">Do your wheels have locking wheel nuts?</legend>
        <p id="book-locking-nuts-hint" className="mt-0.5 text-sm text-slate-600">
          One nut on each wheel that needs its own key to undo. The fitter needs the key.
        </p>
        {shown.lockingNuts && (
          <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
            {shown.lockingNuts}
          </p>
        )}
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {lockingNutsAnswers.map((answer, index) => (
            <label key={answer} className="flex min-h-11 cursor-pointer items-center gap-2 font-medium">
              <input
                type="radio"
                id={index === 0 ? fieldId('lockingNuts') : undefined}
                name="lockingNuts"
                value={answer}
                defaultChecked={values.lockingNuts === answer}
                className="size-5 accent-[var(--color-brand-dark)]"
              />
              {lockingNutsLabels[answer]}
            </label>
          ))}
        </div>
      </fieldset>
      <div
        className={`max-w-sm ${values.lockingNuts === 'yes' ? '' : 'supports-[selector(:has(*))]:hidden'} group-has-[input[value=yes]:checked]/nuts:block`}
      >
        <FormField
          id={fieldId('lockingNutKey')}
          label="Where is the key?"
          hint="For example in the glovebox"
          error={shown.lockingNutKey}
        >
          {(control) => <input {...control} {...text('lockingNutKey')} autoComplete="off" />}
        </FormField>
      </div>
    </div>
  );
}

/** The vehicle: its registration, and its make and model, filled in from the registration where the DVLA answers. */
function VehicleFields({ text, shown }: FieldsProps) {
  const { vehicle, onRegistration, line } = useRegisteredVehicle();
  return (
    <>
      <FormField
        id={fieldId('registration')}
        label="Vehicle registration"
        required
        hint="for example AB12 CDE"
        error={shown.registration}
      >
        {(control) => (
          <input
            {...control}
            {...text('registration')}
            onInput={onRegistration}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            className={`${control.className} uppercase`}
          />
        )}
      </FormField>
      <div className="sm:col-span-2">
        <FormField
          id={fieldId('vehicle')}
          label="Vehicle make and model"
          required
          hint={line || undefined}
          error={shown.vehicle}
        >
          {(control) => (
            <input {...control} {...text('vehicle')} ref={vehicle} placeholder="e.g. Ford Focus 2019" />
          )}
        </FormField>
      </div>
    </>
  );
}
