import { useState } from 'react';
import { Form, Link } from 'react-router';
import { mobileLocation, outsideAreaForMobileMessage } from '#common/bookings/words.ts';
import { coverageOf } from '#common/site-content/postcode.ts';
import { beyondCallOutMessage, unplacedPostcodeMessage } from '#common/routing/words.ts';
import { CoverageNotice } from '#app/features/enquiries/form/index.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { BookingErrorSummary, type SummaryError } from './booking-error-summary.tsx';
import {
  stepHref,
  type BookingChoices,
  type ChoiceField,
  type LocationOption,
  type ServiceOption,
  type TyreChoiceSummary,
} from './booking-types.ts';
import { ChoiceCard, GroupError } from './choice-card.tsx';
import { ContinueButton, legendClass } from './step-form.tsx';
import { TyreChoice } from './tyre-choice.tsx';

type WhatWhereStepProps = {
  choices: BookingChoices;
  errors: Partial<Record<ChoiceField, string>>;
  services: readonly ServiceOption[];
  locations: readonly LocationOption[];
  coveredDistricts: readonly string[];
  /** Tyres chosen on a tyre's page: booked with their fitting, so the service is not asked. */
  tyre?: TyreChoiceSummary | null;
  tyreNotice?: string | null;
};

const firstServiceId = 'book-service';
const firstLocationId = 'book-location';
/** The routes' refusals of a postcode after which the customer is offered the enquiry form. */
const enquiryInstead = new Set<string>([beyondCallOutMessage, unplacedPostcodeMessage]);

const postcodeId = 'book-postcode';

/** One choice of step 1 (the service, the place) as a group of cards, with its message. */
function ChoiceGroup({
  name,
  legend,
  error,
  firstId,
  options,
  chosen,
}: {
  name: ChoiceField;
  legend: string;
  error: string | undefined;
  /** The first card's id, which the error summary links to. */
  firstId: string;
  options: readonly { value: string; title: string; detail: string }[];
  chosen: string;
}) {
  const errorId = `book-${name}-error`;
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className={legendClass}>{legend}</legend>
      <GroupError id={errorId} message={error} />
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {options.map((option, index) => (
          <ChoiceCard
            key={option.value}
            id={index === 0 ? firstId : undefined}
            name={name}
            value={option.value}
            title={option.title}
            detail={option.detail}
            defaultChecked={option.value === chosen}
          />
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Hides the places a checked service is not booked at (mobile fitting once an MOT is chosen), by
 * CSS alone, so that it works before and without scripts. Browsers without :has() show every
 * place, and the server then says why the choice cannot be booked. Services and places are keyed
 * by lower-case words and dashes (the site content's rules), which need no escaping here.
 */
function PlacesForServiceStyle({
  services,
  locations,
}: {
  services: readonly ServiceOption[];
  locations: readonly LocationOption[];
}) {
  const selectors = services.flatMap(({ slug, locations: offered }) =>
    offered
      ? locations
          .filter((location) => !offered.includes(location.key))
          .map(
            (location) =>
              `form:has(input[name="service"][value="${slug}"]:checked) label:has(input[name="location"][value="${location.key}"])`,
          )
      : [],
  );
  if (selectors.length === 0) return null;
  return <style dangerouslySetInnerHTML={{ __html: `${selectors.join(',')}{display:none}` }} />;
}

/**
 * Tyres chosen on a tyre's page, with their fitting's service carried unasked; else the service
 * to choose.
 */
function TyresOrService({
  choices,
  error,
  services,
  locations,
  tyre,
  tyreNotice,
}: Pick<WhatWhereStepProps, 'choices' | 'services' | 'locations' | 'tyre' | 'tyreNotice'> & {
  error: string | undefined;
}) {
  return (
    <>
      {tyre || tyreNotice ? (
        <TyreChoice
          tyre={tyre ?? null}
          notice={tyreNotice}
          withoutHref={stepHref('what', { ...choices, tyre: '', quantity: '' })}
        />
      ) : null}
      {tyre ? (
        <input type="hidden" name="service" value={choices.service} />
      ) : (
        <>
          <PlacesForServiceStyle services={services} locations={locations} />
          <ChoiceGroup
            name="service"
            legend="Which service do you need?"
            error={error}
            firstId={firstServiceId}
            options={services.map(({ slug, title, description }) => ({
              value: slug,
              title,
              detail: description,
            }))}
            chosen={choices.service}
          />
        </>
      )}
    </>
  );
}

/**
 * Step 1: the service, and where the work is done (at the customer's, with the postcode, or at
 * a branch; an MOT or a service at a branch only); with tyres chosen on a tyre's page, the tyres
 * and only where. A GET form to the next step; the server checks the choices, and the postcode
 * against the covered districts (told here as it is typed, when scripts run).
 */
export function WhatWhereStep({
  choices,
  errors,
  services,
  locations,
  coveredDistricts,
  tyre = null,
  tyreNotice,
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
      <TyresOrService
        choices={choices}
        error={errors.service}
        services={services}
        locations={locations}
        tyre={tyre}
        tyreNotice={tyreNotice}
      />

      <div className="group/where grid gap-5">
        <ChoiceGroup
          name="location"
          legend={tyre ? 'Where should we fit them?' : 'Where?'}
          error={errors.location}
          firstId={firstLocationId}
          options={locations.map(({ key, title, detail }) => ({ value: key, title, detail }))}
          chosen={choices.location}
        />

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
          {postcodeError &&
            (coverageOf(choices.postcode, coveredDistricts).verdict === 'outside' ||
              enquiryInstead.has(postcodeError)) && (
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

      {/* A time already chosen stays chosen when only the service changes, and so do the tyres. */}
      {(['date', 'start', 'tyre', 'quantity'] as const).map((field) =>
        choices[field] ? <input key={field} type="hidden" name={field} value={choices[field]} /> : null,
      )}
      <ContinueButton step="when" />
    </Form>
  );
}
