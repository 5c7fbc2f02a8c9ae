import { Button } from '#app/components/ui/button.tsx';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  useForm,
  useWatch,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  enquiryFieldLimits,
  enquiryHoneypotField,
  enquirySchema,
  type EnquiryField,
  type EnquiryPayload,
} from '#common/enquiries/enquiry.ts';
import { enquiryServiceOptions } from '#common/enquiries/options.ts';
import type { ContactBy } from '#common/messages/contact.ts';
import { coverageOf } from '#common/site-content/postcode.ts';
import { ApiError, apiRequest } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { preloadToaster } from '#app/components/ui/toaster.tsx';
import { ContactByField } from '#app/features/messages/index.ts';
import { RemindersConsentCheckbox } from '#app/features/reminders/index.ts';
import { VehicleFields } from './vehicle-fields.tsx';
import { CoverageNotice } from './coverage-notice.tsx';

type TextField = Exclude<EnquiryField, 'remindersConsent' | 'contactBy'>;
type EnquiryFormValues = Record<TextField | typeof enquiryHoneypotField, string> & {
  remindersConsent: boolean;
  contactBy?: EnquiryPayload['contactBy'];
};

const emptyValues: EnquiryFormValues = {
  name: '',
  phone: '',
  email: '',
  registration: '',
  vehicle: '',
  service: '',
  postcode: '',
  message: '',
  website: '',
  remindersConsent: false,
};

/** Where the form posts when scripts are not running (see routes/enquiry.tsx). */
const enquiryFormAction = '/enquiry';

type FieldProps = Omit<Parameters<typeof FormField>[0], 'id'> & { name: TextField };

function Field({ name, ...props }: FieldProps) {
  return <FormField id={`enquiry-${name}`} {...props} />;
}

/** A text field's registration with its length limit and the value a plain form post sent back. */
type TextInputProps = UseFormRegisterReturn & { maxLength: number; defaultValue: string | undefined };

const firstMessage = (errors: FieldErrors<EnquiryFormValues>, field: TextField) => errors[field]?.message;

export type EnquiryFormProps = {
  /** Values and errors of a plain form post that came back invalid (no JavaScript). */
  initialValues?: Partial<Record<EnquiryField | typeof enquiryHoneypotField, string>>;
  initialErrors?: Partial<Record<EnquiryField, string[]>>;
  /** The postcode districts the business covers (published site content); none: no verdict. */
  coveredDistricts?: readonly string[];
  /** Texts are set up: the form asks how the customer wants to hear (e-mail, text or both). */
  texts?: boolean;
};

/**
 * The enquiry form (home page, #contact). With scripts it checks the fields on submit,
 * then on every change, sends JSON to POST /api/enquiries and answers with a toast; without
 * scripts it is a plain form that posts to /enquiry, which answers with a page.
 */
export function EnquiryForm({
  initialValues,
  initialErrors,
  coveredDistricts = [],
  texts = false,
}: EnquiryFormProps) {
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    setValue,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<EnquiryFormValues, unknown, EnquiryPayload>({
    resolver: zodResolver(enquirySchema) as unknown as Resolver<EnquiryFormValues, unknown, EnquiryPayload>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    // No default values: the form reads what is in the fields when it hydrates, so whatever a
    // customer typed while the page's scripts were still loading is kept.
  });

  // Marks the form as handled here (rather than posted as a plain form) once it has hydrated.
  const formElement = useRef<HTMLFormElement>(null);
  useEffect(() => {
    formElement.current?.setAttribute('data-interactive', 'true');
  }, []);

  // The server's verdict on a plain form post shows until the form is checked here.
  const errorOf = (field: TextField) =>
    firstMessage(errors, field) ?? (submitCount === 0 ? initialErrors?.[field]?.[0] : undefined);

  // Told as soon as a full postcode is typed (and on the server, for a form sent back to correct).
  const postcode = useWatch({ control, name: 'postcode' }) ?? initialValues?.postcode ?? '';
  const coverage = errorOf('postcode')
    ? ({ verdict: 'unknown' } as const)
    : coverageOf(postcode, coveredDistricts);

  const { submit, sent } = useSubmitEnquiry({ handleSubmit, getValues, reset, setError }, texts);

  const fields = registeredFields(register, initialValues);

  return (
    <form
      ref={formElement}
      method="post"
      action={enquiryFormAction}
      onSubmit={submit}
      onFocus={preloadToaster}
      className="grid gap-5 sm:grid-cols-2"
      noValidate
      aria-label="Enquiry form"
    >
      <Field name="name" label="Name" required error={errorOf('name')}>
        {(control) => <input {...control} {...fields.name} autoComplete="name" />}
      </Field>
      <Field name="phone" label="Phone" required error={errorOf('phone')}>
        {(control) => <input {...control} {...fields.phone} type="tel" autoComplete="tel" />}
      </Field>
      <Field name="email" label="Email" required error={errorOf('email')}>
        {(control) => <input {...control} {...fields.email} type="email" autoComplete="email" />}
      </Field>
      <VehicleFields
        registration={fields.registration}
        vehicle={fields.vehicle}
        errorOf={errorOf}
        read={() => getValues('vehicle') ?? ''}
        write={(make) => setValue('vehicle', make)}
      />
      <ServiceField
        select={fields.service}
        defaultValue={initialValues?.service ?? ''}
        error={errorOf('service')}
      />
      <PostcodeField input={fields.postcode} coverage={coverage} error={errorOf('postcode')} />
      <div className="sm:col-span-2">
        <Field name="message" label="Additional Information" error={errorOf('message')}>
          {(control) => (
            <textarea
              {...control}
              {...fields.message}
              rows={4}
              placeholder="Tyre size, your location, a good time to call..."
            />
          )}
        </Field>
      </div>
      {texts && (
        <div className="sm:col-span-2">
          <ContactByField
            key={sent}
            idPrefix="enquiry"
            sent={initialValues}
            error={
              errors.contactBy?.message ?? (submitCount === 0 ? initialErrors?.contactBy?.[0] : undefined)
            }
          />
        </div>
      )}
      <div className="sm:col-span-2">
        <RemindersConsentCheckbox
          id="enquiry-remindersConsent"
          {...register('remindersConsent')}
          defaultChecked={initialValues?.remindersConsent === 'on'}
        />
      </div>
      <HoneypotField input={register(enquiryHoneypotField)} />
      <div className="sm:col-span-2">
        <Button
          type="submit"
          disabled={isSubmitting}
          size="large"
          className="w-full py-3.5 disabled:cursor-wait sm:w-auto"
        >
          {isSubmitting ? 'Submitting...' : 'Submit Enquiry'}
        </Button>
      </div>
    </form>
  );
}

/**
 * The form's fields, registered in page order: react-hook-form focuses the first field at fault in
 * the order the fields were registered, and the fields' own components register them later.
 */
function registeredFields(
  register: UseFormRegister<EnquiryFormValues>,
  initialValues: EnquiryFormProps['initialValues'],
) {
  const text = (name: TextField): TextInputProps => ({
    ...register(name),
    maxLength: enquiryFieldLimits[name],
    defaultValue: initialValues?.[name],
  });
  return {
    name: text('name'),
    phone: text('phone'),
    email: text('email'),
    registration: text('registration'),
    vehicle: text('vehicle'),
    service: register('service'),
    postcode: text('postcode'),
    message: text('message'),
  };
}

type EnquiryFormMethods = UseFormReturn<EnquiryFormValues, unknown, EnquiryPayload>;

/**
 * The form's submit: checked, then sent with the answer to how the customer wants to hear, whose
 * radios follow the phone number by themselves, outside the form's state. `sent` counts the
 * enquiries sent, so that the question starts afresh for the next one.
 */
function useSubmitEnquiry(
  {
    handleSubmit,
    getValues,
    reset,
    setError,
  }: Pick<EnquiryFormMethods, 'handleSubmit' | 'getValues' | 'reset' | 'setError'>,
  texts: boolean,
) {
  const [sent, setSent] = useState(0);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    const contactBy = texts ? new FormData(event.currentTarget).get('contactBy') : null;
    return handleSubmit((payload) =>
      sendEnquiry(
        {
          ...payload,
          ...(typeof contactBy === 'string' && { contactBy: contactBy as ContactBy }),
          [enquiryHoneypotField]: getValues(enquiryHoneypotField),
        },
        {
          reset: (values) => {
            reset(values);
            setSent((count) => count + 1);
          },
          setError,
        },
      ),
    )(event);
  };
  return { submit, sent };
}

/**
 * Sends the enquiry and answers with a toast: on success the form is emptied, and on a refusal
 * the API's messages show at their fields, the first of them focused.
 */
async function sendEnquiry(
  enquiry: EnquiryPayload & { [enquiryHoneypotField]: string },
  form: Pick<EnquiryFormMethods, 'reset' | 'setError'>,
) {
  try {
    const { reference } = await apiRequest<{ id: number; reference?: string }>(
      'POST',
      '/api/enquiries',
      enquiry,
    );
    toast({
      title: 'Enquiry Submitted',
      description: `We'll get back to you as soon as possible.${reference ? ` Your reference is ${reference}.` : ''}`,
    });
    form.reset(emptyValues);
  } catch (error) {
    const apiError = error instanceof ApiError ? error : undefined;
    let focus = true;
    for (const [field, messages] of Object.entries(apiError?.fieldErrors ?? {})) {
      if (field in emptyValues && messages[0]) {
        form.setError(field as TextField, { message: messages[0] }, { shouldFocus: focus });
        focus = false;
      }
    }
    toast({
      variant: 'destructive',
      title: 'Something went wrong',
      description: apiError?.serverMessage ?? 'Please try again later',
    });
  }
}

type ServiceFieldProps = {
  select: UseFormRegisterReturn<'service'>;
  defaultValue: string;
  error: string | undefined;
};

function ServiceField({ select, defaultValue, error }: ServiceFieldProps) {
  return (
    <div>
      <Field name="service" label="Service" required error={error}>
        {(control) => (
          <select {...control} {...select} defaultValue={defaultValue}>
            <option value="" disabled>
              Select a service
            </option>
            {enquiryServiceOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  );
}

type PostcodeFieldProps = {
  input: TextInputProps;
  coverage: ReturnType<typeof coverageOf>;
  error: string | undefined;
};

/** The postcode, with whether the business covers it told as soon as it is typed in full. */
function PostcodeField({ input, coverage, error }: PostcodeFieldProps) {
  return (
    <div>
      <Field
        name="postcode"
        label="Postcode"
        hint={coverage.verdict === 'unknown' ? 'We will tell you if we cover your area.' : undefined}
        error={error}
        describedBy={coverage.verdict === 'unknown' ? undefined : 'enquiry-postcode-coverage'}
      >
        {(control) => (
          <input
            {...control}
            {...input}
            autoComplete="postal-code"
            autoCapitalize="characters"
            spellCheck={false}
            className={`${control.className} uppercase placeholder:normal-case`}
            placeholder="e.g. RM3 0AB"
          />
        )}
      </Field>
      {/* Always in the page, so that a change of verdict is announced. */}
      <div aria-live="polite" className="mt-1.5">
        <CoverageNotice coverage={coverage} id="enquiry-postcode-coverage" />
      </div>
    </div>
  );
}

/** A field people never see or reach; robots that fill every field give themselves away. */
function HoneypotField({ input }: { input: UseFormRegisterReturn }) {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor="enquiry-website">Leave this field empty</label>
      <input id="enquiry-website" {...input} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
