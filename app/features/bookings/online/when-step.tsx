import { useRef, useState } from 'react';
import { Form, Link } from 'react-router';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import { BookingErrorSummary, type SummaryError } from './booking-error-summary.tsx';
import { dayAndMonthText, placesText, windowText } from './booking-format.ts';
import {
  stepHref,
  type BookingChoices,
  type BookingPageData,
  type ChoiceField,
  type OfferedDay,
  type OfferedWindow,
  type TyreChoiceSummary,
} from './booking-types.ts';
import { ChoiceCard, GroupError } from './choice-card.tsx';
import { DayCalendar } from './day-calendar.tsx';
import { BackLink, ContinueButton, legendClass } from './step-form.tsx';
import { TyreChoice } from './tyre-choice.tsx';
import { nearbyWords } from '#common/routing/words.ts';

type WhenStepProps = {
  choices: BookingChoices;
  errors: Partial<Record<ChoiceField, string>>;
  availability: readonly OfferedDay[];
  horizonDays: number;
  /** The tyres being booked (only days from their first fitting day are offered), or why not. */
  tyre?: TyreChoiceSummary | null;
  tyreNotice?: string | null;
  /** Mobile fitting while routes are kept: the call-out charge, told before a time is chosen. */
  callOut?: BookingPageData['callOut'];
};

const firstDayId = 'book-date';
const firstWindowId = 'book-start';

/**
 * Step 2: the day, then one of its windows with a place left. With scripts, choosing a day
 * shows its windows at once; without, the form shows the chosen day's windows (`timesFor`) and
 * Continue with another day chosen shows that day's.
 */
export function WhenStep({
  choices,
  errors,
  availability,
  horizonDays,
  tyre = null,
  tyreNotice,
  callOut = null,
}: WhenStepProps) {
  const [date, setDate] = useState(choices.date);
  const [start, setStart] = useState(choices.start);
  const times = useRef<HTMLFieldSetElement>(null);
  // A day tapped or clicked whose times are out of sight (below the calendar on a phone) brings
  // them into view; the arrow keys move from day to day without moving the page.
  const pointerChose = useRef(false);
  const showTimes = () => {
    const fieldset = times.current;
    if (!pointerChose.current || !fieldset || fieldset.getBoundingClientRect().top < window.innerHeight)
      return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    fieldset.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
  };
  const day = availability.find((entry) => entry.date === date);
  const summary: SummaryError[] = [
    errors.date ? { message: errors.date, target: firstDayId } : null,
    errors.start ? { message: errors.start, target: firstWindowId } : null,
  ].filter((error) => error !== null);

  const tyres = (
    <TyreChoice
      tyre={tyre}
      notice={tyreNotice}
      withoutHref={stepHref('when', { ...choices, tyre: '', quantity: '' })}
    />
  );
  if (availability.length === 0) {
    return (
      <>
        {tyres}
        <NoFreeTimes choices={choices} horizonDays={horizonDays} />
      </>
    );
  }
  return (
    <Form method="get" action="/book" noValidate aria-labelledby="book-step-title" className="grid gap-8">
      {tyres}
      {callOut && <CallOutNotice callOut={callOut} />}
      <BookingErrorSummary errors={summary} />
      <input type="hidden" name="service" value={choices.service} />
      <input type="hidden" name="location" value={choices.location} />
      {choices.postcode && <input type="hidden" name="postcode" value={choices.postcode} />}
      {choices.tyre && <input type="hidden" name="tyre" value={choices.tyre} />}
      {choices.quantity && <input type="hidden" name="quantity" value={choices.quantity} />}
      <fieldset aria-describedby={errors.date ? 'book-date-error' : undefined}>
        <legend className={legendClass}>Choose a day</legend>
        <p className="mt-1 text-sm text-slate-600">Days without a free time are greyed out.</p>
        <GroupError id="book-date-error" message={errors.date} />
        <div
          className="mt-3"
          onPointerDown={() => (pointerChose.current = true)}
          onKeyDown={() => (pointerChose.current = false)}
        >
          <DayCalendar
            days={availability.map((entry) => entry.date)}
            selected={date}
            onSelect={(chosen) => {
              setDate(chosen);
              setStart('');
              requestAnimationFrame(showTimes);
            }}
            describedBy={errors.date ? 'book-date-error' : undefined}
            firstId={firstDayId}
          />
        </div>
      </fieldset>
      <input type="hidden" name="timesFor" value={date} />

      <fieldset
        ref={times}
        className="scroll-mt-24"
        aria-describedby={errors.start && date === choices.date ? 'book-start-error' : undefined}
      >
        <legend className={legendClass}>
          {day ? `Choose a time on ${dayAndMonthText(day.date)}` : 'Choose a time'}
        </legend>
        <GroupError id="book-start-error" message={date === choices.date ? errors.start : undefined} />
        {/* Says what a newly chosen day offers, without reading out every window. */}
        <p aria-live="polite" className="sr-only">
          {day && date !== choices.date
            ? `${freeTimesText(day.windows.length)} on ${dayAndMonthText(day.date)}`
            : ''}
        </p>
        {day ? (
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {day.windows.map((window, index) => (
              <ChoiceCard
                key={window.start}
                id={index === 0 ? firstWindowId : undefined}
                name="start"
                value={window.start}
                title={windowText(window)}
                detail={windowDetail(window, callOut)}
                checked={start === window.start}
                onChange={() => setStart(window.start)}
                describedBy={errors.start ? 'book-start-error' : undefined}
              />
            ))}
          </div>
        ) : (
          <p className="mt-2 text-slate-600">Choose a day to see its free times.</p>
        )}
      </fieldset>

      <div className="flex flex-col-reverse gap-4 sm:flex-row sm:items-center sm:justify-between">
        <BackLink to={stepHref('what', choices)}>Back to service and place</BackLink>
        <ContinueButton step="details" />
      </div>
    </Form>
  );
}

/**
 * What a time card says under its times: near another job (and what that saves), set apart from
 * the places left so that it stands out, as the notice above the days says to look for it.
 */
function windowDetail(window: OfferedWindow, callOut: BookingPageData['callOut']) {
  const places = placesText(window.placesLeft);
  if (!window.nearby) return places;
  const near = callOut?.nearbySaving
    ? `${nearbyWords}: ${callOut.nearbySaving} off the call-out`
    : nearbyWords;
  return (
    <>
      <span className="block font-medium text-brand-dark">{near}</span>
      {places && <span className="block">{places}</span>}
    </>
  );
}

/** The call-out charge to the customer's postcode, before they choose a time. */
function CallOutNotice({ callOut }: { callOut: NonNullable<BookingPageData['callOut']> }) {
  return (
    <p role="note" className="rounded-xl border border-brand-dark/30 bg-brand-light px-4 py-3 text-ink">
      <span className="font-semibold">{callOut.text}</span>
      {callOut.nearbySaving && (
        <span className="mt-1 block text-sm text-slate-700">
          Times marked “{nearbyWords}” take {callOut.nearbySaving} off it.
        </span>
      )}
    </p>
  );
}

const freeTimesText = (count: number) => (count === 1 ? '1 free time' : `${count} free times`);

/** No window free in the whole horizon: the phone and the enquiry form instead. */
function NoFreeTimes({ choices, horizonDays }: { choices: BookingChoices; horizonDays: number }) {
  const site = useSiteSettings();
  return (
    <div className="grid gap-6">
      <div role="status" className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
        <p className="font-semibold">
          There are no free times to book online in the next {horizonDays} days.
        </p>
        <p className="mt-2">
          Please call us on{' '}
          <a href={`tel:${site.phone}`} className="font-semibold underline underline-offset-2">
            {site.formattedPhone}
          </a>{' '}
          or{' '}
          <Link to="/enquiry" className="font-semibold underline underline-offset-2">
            send us an enquiry
          </Link>
          , and we will find a time that suits you.
        </p>
      </div>
      <BackLink to={stepHref('what', choices)}>Choose another service or place</BackLink>
    </div>
  );
}
