import type { ReactNode } from 'react';
import { enquiryServiceOptions } from '#common/enquiry-options.ts';

const fieldClass =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-ink shadow-sm placeholder:text-slate-400 focus:border-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40';

function Field({
  id,
  label,
  required,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
    </div>
  );
}

/** The enquiry form's fields and layout (spec sections 2 and 3). */
export function EnquiryForm() {
  return (
    <form method="post" action="/api/enquiries" className="grid gap-5 sm:grid-cols-2" noValidate>
      <Field id="enquiry-name" label="Name" required>
        <input id="enquiry-name" name="name" autoComplete="name" required className={fieldClass} />
      </Field>
      <Field id="enquiry-phone" label="Phone" required>
        <input
          id="enquiry-phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          className={fieldClass}
        />
      </Field>
      <Field id="enquiry-email" label="Email" required>
        <input
          id="enquiry-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          className={fieldClass}
        />
      </Field>
      <Field id="enquiry-vehicle" label="Vehicle Make & Model">
        <input
          id="enquiry-vehicle"
          name="vehicle"
          placeholder="e.g. Ford Focus 2019"
          className={fieldClass}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field id="enquiry-service" label="Service" required>
          <select id="enquiry-service" name="service" required defaultValue="" className={fieldClass}>
            <option value="" disabled>
              Select a service
            </option>
            {enquiryServiceOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="sm:col-span-2">
        <Field id="enquiry-message" label="Additional Information">
          <textarea
            id="enquiry-message"
            name="message"
            rows={4}
            placeholder="Tyre size, your location, a good time to call..."
            className={fieldClass}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <button
          type="submit"
          className="w-full rounded-lg bg-brand px-6 py-3.5 font-semibold text-ink shadow-sm transition hover:bg-brand-dark hover:text-white disabled:opacity-60 sm:w-auto"
        >
          Submit Enquiry
        </button>
      </div>
    </form>
  );
}
