import { useState } from 'react';
import { Form, Link } from 'react-router';
import { outsideAreaForMobileMessage } from '#common/booking.ts';
import { mobileLocation } from '#common/booking-settings.ts';
import { coverageOf } from '#common/postcode.ts';
import { CoverageNotice } from '../home/coverage-notice.tsx';
import { FormField } from '../ui/form-field.tsx';
import { BookingErrorSummary, type SummaryError } from './booking-error-summary.tsx';
import type { BookingChoices, ChoiceField, LocationOption, ServiceOption } from './booking-types.ts';
import { ChoiceCard, GroupError } from './choice-card.tsx';
import { ContinueButton, legendClass } from './step-form.tsx';

type WhatWhereStepProps = {
  choices: BookingChoices;
  errors: Partial<Record<ChoiceField, string>>;
  services: readonly ServiceOption[];
  locations: readonly LocationOption[];
  coveredDistricts: readonly string[];
};

const firstServiceId = 'book-service';
const firstLocationId = 'book-location';
const postcodeId = 'book-postcode';

/**
 * Step 1: the service, and where the work is done (at the customer's, with the postcode, or at
 * a branch). A GET form to the next step; the server checks the choices, and the postcode
 * against the covered districts (told here as it is typed, when scripts run).
 */
export function WhatWhereStep({
  choices,
  errors,
  services,
  locations,
  coveredDistricts,
}: WhatWhereStepProps) {
  const [postcode, setPostcode] = useState(choices.postcode);
  // The server's verdict on the postcode stands until the postcode is changed.
  const postcodeError = postcode === choices.postcode ? errors.postcode : undefined;
  const coverage = postcodeError ? ({ verdict: 'unknown' } as const) : coverageOf(postcode, coveredDistricts);
  const summary: SummaryError[] = [
    { field: 'service', target: firstServiceId },
    { field: 'location', target: firstLocationId },
    { field: 'postcode', target: postcodeId },
  ].flatMap(({ field, target }) => {
    const message = errors[field as ChoiceField];
    return message ? [{ message, target }] : [];
  });

  return (
    <Form method="get" action="/book" noValidate aria-labelledby="book-step-title" className="grid gap-8">
      <BookingErrorSummary errors={summary} />
      <fieldset aria-describedby={errors.service ? 'book-service-error' : undefined}>
        <legend className={legendClass}>Which service do you need?</legend>
        <GroupError id="book-service-error" message={errors.service} />
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {services.map((service, index) => (
            <ChoiceCard
              key={service.slug}
              id={index === 0 ? firstServiceId : undefined}
              name="service"
              value={service.slug}
              title={service.title}
              detail={service.description}
              defaultChecked={service.slug === choices.service}
            />
          ))}
        </div>
      </fieldset>

      <div className="group/where grid gap-5">
        <fieldset aria-describedby={errors.location ? 'book-location-error' : undefined}>
          <legend className={legendClass}>Where?</legend>
          <GroupError id="book-location-error" message={errors.location} />
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            {locations.map((location, index) => (
              <ChoiceCard
                key={location.key}
                id={index === 0 ? firstLocationId : undefined}
                name="location"
                value={location.key}
                title={location.title}
                detail={location.detail}
                defaultChecked={location.key === choices.location}
              />
            ))}
          </div>
        </fieldset>

        {/* Asked only for mobile fitting: shown when "We come to you" is chosen, by CSS alone
            (browsers without :has() always show it). */}
        <div
          className={`max-w-sm ${
            choices.location === mobileLocation ? '' : 'supports-[selector(:has(*))]:hidden'
          } group-has-[input[value=mobile]:checked]/where:block`}
        >
          <FormField
            id={postcodeId}
            label="Postcode where the vehicle will be"
            required
            hint={
              coverage.verdict === 'unknown' && !postcodeError
                ? 'We will tell you if we cover your area.'
                : undefined
            }
            error={postcodeError}
            describedBy={coverage.verdict === 'unknown' ? undefined : 'book-postcode-coverage'}
          >
            {(control) => (
              <input
                {...control}
                name="postcode"
                defaultValue={choices.postcode}
                onChange={(event) => setPostcode(event.target.value)}
                autoComplete="postal-code"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={10}
                className={`${control.className} uppercase placeholder:normal-case`}
                placeholder="e.g. RM3 0AB"
              />
            )}
          </FormField>
          {postcodeError && coverageOf(choices.postcode, coveredDistricts).verdict === 'outside' && (
            <Link
              to="/enquiry"
              className="mt-1.5 inline-block text-sm font-semibold text-ink underline underline-offset-2"
            >
              Send an enquiry instead
            </Link>
          )}
          <div aria-live="polite" className="mt-1.5">
            <CoverageNotice
              coverage={coverage}
              id="book-postcode-coverage"
              outsideText={(district) => (
                <>
                  {outsideAreaForMobileMessage(district)}{' '}
                  <Link to="/enquiry" className="font-semibold underline underline-offset-2">
                    Send an enquiry
                  </Link>
                </>
              )}
            />
          </div>
        </div>
      </div>

      {/* A time already chosen stays chosen when only the service changes. */}
      {choices.date && <input type="hidden" name="date" value={choices.date} />}
      {choices.start && <input type="hidden" name="start" value={choices.start} />}
      <ContinueButton step="when" />
    </Form>
  );
}
