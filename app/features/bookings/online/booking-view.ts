import type { BookingField } from '#common/bookings/booking.ts';
import { dayText, mobileLocation } from '#common/bookings/words.ts';
import { formatTime } from '#common/time/week.ts';
import { windowText } from './booking-format.ts';
import type { SummaryRow } from './booking-summary.tsx';
import {
  bookingSteps,
  choiceFields,
  type BookingActionData,
  type BookingChoices,
  type BookingPageData,
  type BookingStep,
  type BookingValues,
  type OfferedSlot,
} from './booking-types.ts';

/** What the booking page shows: the loader's step, or where a post that came back belongs. */
type BookingView = {
  step: BookingStep;
  choices: BookingChoices;
  errors: Partial<Record<BookingField, string>>;
  values: BookingValues;
  conflict?: { message: string; nextFree: OfferedSlot[] };
  notice?: string;
  /** The booking went to the office as an enquiry: what the customer is told instead. */
  sent?: string;
};

const stepOfField: Partial<Record<BookingField, BookingStep>> = {
  service: 'what',
  location: 'what',
  postcode: 'what',
  date: 'when',
  start: 'when',
};

const earlier = (a: BookingStep, b: BookingStep) =>
  bookingSteps.findIndex((step) => step.key === a) <= bookingSteps.findIndex((step) => step.key === b)
    ? a
    : b;

/**
 * The step and messages to show. A post that came back invalid goes to the earliest step with a
 * message (a service, place or time that cannot be booked any more is chosen again there); one
 * whose window went stays on the details with the next free windows to choose from.
 */
export function bookingView(page: BookingPageData, action?: BookingActionData): BookingView {
  if (!action) return { step: page.step, choices: page.choices, errors: page.errors, values: {} };
  const { values } = action;
  const choices = Object.fromEntries(
    choiceFields.map((field) => [field, values[field] ?? page.choices[field]]),
  ) as BookingChoices;
  if (action.outcome === 'taken') {
    return {
      step: page.step === 'what' ? 'what' : 'details',
      choices,
      errors: page.step === 'what' ? page.errors : {},
      values,
      conflict: { message: action.error, nextFree: action.nextFree },
    };
  }
  if (action.outcome === 'enquiry') {
    return { step: page.step, choices, errors: page.errors, values, sent: action.message };
  }
  if (action.outcome === 'limited') {
    return { step: page.step, choices, errors: page.errors, values, notice: action.error };
  }
  const errors: Partial<Record<BookingField, string>> = { ...page.errors };
  let step: BookingStep = page.step;
  for (const [field, messages] of Object.entries(action.fieldErrors) as [BookingField, string[]][]) {
    if (!messages[0]) continue;
    errors[field] ??= messages[0];
    step = earlier(step, stepOfField[field] ?? 'details');
  }
  // Back on an earlier step, the loader's choices stand: those of the address, checked against
  // what can be booked now.
  return { step, choices: step === 'details' ? choices : page.choices, errors, values };
}

/** The summary of the choices above the details. */
export function summaryRows(page: BookingPageData, view: BookingView): SummaryRow[] {
  const { choices } = view;
  const service = page.services.find((entry) => entry.slug === choices.service);
  const location = page.locations.find((entry) => entry.key === choices.location);
  const window = page.availability
    .find((day) => day.date === choices.date)
    ?.windows.find((entry) => entry.start === choices.start);
  return [
    { label: 'Service', value: service?.title ?? choices.service, step: 'what' },
    {
      label: 'Where',
      value: location?.name ?? choices.location,
      detail: choices.location === mobileLocation ? choices.postcode : location?.detail,
      step: 'what',
    },
    {
      label: 'When',
      value: choices.date ? dayText(choices.date) : '',
      detail: view.conflict
        ? `${formatTime(choices.start)}: no longer free`
        : window
          ? windowText(window)
          : undefined,
      step: 'when',
    },
    ...(window?.callOut ? [{ label: 'Call-out', value: window.callOut, step: 'when' as const }] : []),
  ];
}
