import type { AppLoadContext } from 'react-router';
import {
  bookingChoiceShape,
  outsideAreaForMobileMessage,
  postcodeForMobileMessage,
  tyresWithBranchServiceMessage,
  windowUnavailableMessage,
} from '#common/bookings/booking.ts';
import { bookingLocationName, branchServices, mobileLocation } from '#common/bookings/settings.ts';
import { placesLeftToTell, type AvailabilityDay, type BookingOffer } from '#common/bookings/slots.ts';
import type { FreeWindow } from '#common/bookings/booking.ts';
import { tyreServiceSlug } from '#app/features/tyres/tyre-seo.ts';
import {
  atOurBranches,
  branchServiceTitles,
  branchServiceWhereMessage,
  isBranchService,
} from '#common/bookings/branch-services.ts';
import { coverageOf, isPostcode, normalisePostcode, postcodeMessage } from '#common/site-content/postcode.ts';
import { fillTokensIn } from '#common/site-content/tokens.ts';
import * as z from 'zod/mini';
import {
  choiceFields,
  type BookingChoices,
  type BookingPageData,
  type BookingStep,
  type ChoiceField,
  type DepositNotice,
  type LocationOption,
  type OfferedDay,
  type OfferedSlot,
  type ServiceOption,
  type TyreChoiceSummary,
} from '#app/features/bookings/online/booking-types.ts';
import { maxTyreQuantity } from '#common/tyres/catalogue.ts';
import { penceOfPriceText } from '#common/jobs/lines.ts';
import { depositWords } from '#common/payments/payments.ts';
import { depositFor } from '#common/payments/settings.ts';
import { keyedPriceLines } from '#common/site-content/facts.ts';
import { dayText } from '#common/bookings/words.ts';
import { callOutWords, reachRefusals } from '#common/routing/words.ts';
import { formatPence } from '#common/util/money.ts';
import { loadIndexText, parseTyreSize, sizeLabel, sizeSlug } from '#common/tyres/size.ts';

/** The booking page's server side: what each step offers and whether the earlier choices hold. */

/** Longest value read from the address for a choice (the longest real one is a service's slug). */
const choiceMaxLength = 80;

const dayFullMessage = 'That day has no free times left. Please choose another day.';

/** The message of an empty choice, as the booking's schema words it. */
const emptyMessage = (field: keyof typeof bookingChoiceShape) =>
  z.safeParse(bookingChoiceShape[field], '').error?.issues[0]?.message ?? '';

function choicesOf(params: URLSearchParams): BookingChoices {
  const entries = choiceFields.map((field) => [
    field,
    (params.get(field) ?? '').trim().slice(0, choiceMaxLength),
  ]);
  return Object.fromEntries(entries) as BookingChoices;
}

/** A branch's MOT testing and servicing as the first step offers them, where some branch takes them. */
function branchServiceOptions(context: AppLoadContext, offer: BookingOffer): ServiceOption[] {
  const { branches } = context.content;
  return branchServices.flatMap((slug) => {
    const locations = offer.branchServices[slug];
    const names = locations.map((key) => branches.find((branch) => branch.key === key)?.name ?? key);
    if (names.length === 0) return [];
    const where = atOurBranches(names);
    const description = slug === 'mot' ? `MOT test at ${where}.` : `Servicing at ${where}.`;
    return [{ slug, title: branchServiceTitles[slug], description, locations }];
  });
}

/**
 * The services customers can book: those shown on the site (every place that takes bookings
 * does them), then a branch's MOT testing and servicing, at the branches that take them.
 */
function serviceOptions(context: AppLoadContext, offer: BookingOffer): ServiceOption[] {
  const services = context.content.services
    .filter((service) => service.visible && !isBranchService(service.slug))
    .map(({ slug, title, description }) => ({ slug, title, description }));
  return [...fillTokensIn(services, context.site), ...branchServiceOptions(context, offer)];
}

function locationOptions(context: AppLoadContext): LocationOption[] {
  const { branches } = context.content;
  return context.bookings.offer.locations.flatMap((key): LocationOption[] => {
    const name = bookingLocationName(key, branches);
    if (key === mobileLocation) {
      return [{ key, title: 'We come to you', detail: 'At your home, work or the roadside', name }];
    }
    const branch = branches.find((entry) => entry.key === key);
    if (!branch) return [];
    const { street, locality, postcode } = branch.address;
    return [{ key: branch.key, title: branch.name, detail: `${street}, ${locality} ${postcode}`, name }];
  });
}

const tyreGoneNotice =
  'The tyre you chose can no longer be booked online. Choose another on its size’s page, or book the fitting and we will call you about tyres.';

/**
 * The tyres a size page's "Book fitting" chose, as the page shows them, while they can be
 * fitted; else none, and a notice when one was asked for.
 */
async function chosenTyre(
  context: AppLoadContext,
  choices: BookingChoices,
): Promise<{ tyre: TyreChoiceSummary | null; tyreNotice: string | null; totalPence?: number }> {
  if (choices.tyre === '') return { tyre: null, tyreNotice: null };
  const id = /^\d{1,9}$/.test(choices.tyre) ? Number(choices.tyre) : 0;
  const wanted = Number(choices.quantity);
  const quantity = Number.isInteger(wanted) && wanted >= 1 && wanted <= maxTyreQuantity ? wanted : 1;
  const offer = id > 0 ? await context.tyres.offer(id, quantity) : null;
  if (!offer?.fittedFrom) return { tyre: null, tyreNotice: tyreGoneNotice };
  choices.quantity = String(quantity);
  const size = parseTyreSize(offer.size);
  return {
    tyre: {
      id,
      what: `${quantity} × ${offer.brand} ${offer.pattern} ${size ? sizeLabel(size) : offer.size} ${loadIndexText(offer)}${offer.speedRating}`,
      total: formatPence(offer.price * quantity),
      each: formatPence(offer.price),
      fittedFrom: offer.fittedFrom,
      fittedFromText: dayText(offer.fittedFrom),
      sizePath: size ? `/tyres/${sizeSlug(size)}` : '/tyres',
    },
    tyreNotice: null,
    totalPence: offer.price * quantity,
  };
}

/**
 * The first amount the site states for a service (its price lines; a branch's MOT test or
 * servicing, the price line named after it), in pence; 0 when it states none ("On request").
 */
function statedPricePence(context: AppLoadContext, service: string): number {
  const prices = isBranchService(service)
    ? keyedPriceLines(context.content)
        .filter(({ line }) => line.key === service)
        .map(({ line }) => line.price)
    : (context.content.services.find((entry) => entry.slug === service)?.pricing.map((line) => line.price) ??
      []);
  return prices.map(penceOfPriceText).find((pence) => pence !== null) ?? 0;
}

/**
 * The deposit the details step tells of before the customer books, while card payments are set
 * up and the rule takes one for the service: of what the booking comes to as a job charges it
 * (common/jobs/lines.ts: the tyres fully fitted, else the service's first stated price).
 */
function depositNotice(
  context: AppLoadContext,
  service: string,
  tyreTotalPence: number | undefined,
): DepositNotice | null {
  const terms = context.bookings.deposit;
  if (!terms) return null;
  const { kind, fixedPence, percent, services, refundableHours, holdMinutes } = terms;
  const totalPence = tyreTotalPence ?? statedPricePence(context, service);
  const settings = { deposit: { kind, fixedPence, percent, services }, refundableHours, holdMinutes };
  const pence = depositFor(settings, { service, totalPence });
  if (pence === 0) return null;
  const amount =
    kind === 'percent'
      ? depositWords.percentOf(formatPence(pence), percent, formatPence(totalPence))
      : formatPence(pence);
  return {
    due: `${depositWords.dueNotice(amount, holdMinutes)} ${depositWords.payAfterBooking}`,
    more: [depositWords.refundRule(refundableHours), depositWords.balanceOnTheDay],
    handledBy: depositWords.handledBy,
  };
}

/**
 * Why the chosen service cannot be booked at the chosen place (an MOT at the customer's address),
 * naming the places that take it; undefined when it can, or either is not chosen.
 */
function placeForServiceError(
  service: ServiceOption | undefined,
  location: string,
  locations: readonly LocationOption[],
): string | undefined {
  const offered = service?.locations;
  if (!service || !offered || offered.includes(location) || !isBranchService(service.slug)) return undefined;
  const names = locations.filter((entry) => offered.includes(entry.key)).map((entry) => entry.title);
  return branchServiceWhereMessage(service.slug, location, names);
}

/** What is wrong with the first step's choices (empty when they can be booked). */
function whatErrors(
  choices: BookingChoices,
  services: readonly ServiceOption[],
  locations: readonly LocationOption[],
  coveredDistricts: readonly string[],
): Partial<Record<ChoiceField, string>> {
  const errors: Partial<Record<ChoiceField, string>> = {};
  const service = services.find((entry) => entry.slug === choices.service);
  if (!service) errors.service = emptyMessage('service');
  if (!locations.some((location) => location.key === choices.location))
    errors.location = emptyMessage('location');
  // An MOT at the customer's address: the place is what to change (its postcode is no matter).
  const wrongPlace = errors.location ? undefined : placeForServiceError(service, choices.location, locations);
  if (wrongPlace) return { location: wrongPlace };
  if (choices.location === mobileLocation) {
    const coverage = coverageOf(choices.postcode, coveredDistricts);
    if (choices.postcode === '') errors.postcode = postcodeForMobileMessage;
    else if (!isPostcode(choices.postcode)) errors.postcode = postcodeMessage;
    else if (coverage.verdict === 'outside') errors.postcode = outsideAreaForMobileMessage(coverage.district);
  }
  return errors;
}

/** The days as the page offers them: a window's places left only when few (`placesLeftToTell`). */
const offeredDays = (days: readonly AvailabilityDay[]): OfferedDay[] =>
  days.map(({ date, windows }) => ({
    date,
    // A window near a job a van already has that day comes first.
    windows: windows
      .map(({ start, end, free, nearby, callOutPence }) => ({
        start,
        end,
        placesLeft: placesLeftToTell(free),
        ...(nearby ? { nearby } : {}),
        ...(callOutPence === undefined
          ? {}
          : { callOut: callOutPence > 0 ? formatPence(callOutPence) : 'None' }),
      }))
      .sort((a, b) => Number(b.nearby ?? false) - Number(a.nearby ?? false)),
  }));

/**
 * The windows of the location chosen from today to the horizon, and, for mobile fitting at a
 * postcode while routes are kept, those a van can reach there with the call-out charge; or why
 * none can be offered there (the first step's postcode message).
 */
async function offeredAvailability(
  context: AppLoadContext,
  choices: BookingChoices,
  tyres: number | undefined,
): Promise<{ days: AvailabilityDay[]; callOut: BookingPageData['callOut'] } | { postcodeError: string }> {
  // From today, by the server's clock. The horizon counts the days after today.
  const query = {
    location: choices.location,
    service: choices.service,
    days: context.bookings.offer.horizonDays + 1,
  };
  const routed =
    choices.location === mobileLocation && context.bookings.routedAvailability
      ? await context.bookings.routedAvailability({ ...query, postcode: choices.postcode, tyres })
      : null;
  if (!routed) return { days: await context.bookings.availability(query), callOut: null };
  if (routed.kind !== 'days') return { postcodeError: reachRefusals[routed.kind] };
  const { days, callOutPence } = routed;
  if (callOutPence === null) return { days, callOut: null };
  const saving = context.bookings.nearbyDiscountPence ?? 0;
  return {
    days,
    callOut: {
      text: callOutWords(callOutPence, choices.postcode, formatPence(callOutPence)),
      nearbySaving: callOutPence > 0 && saving > 0 ? formatPence(Math.min(saving, callOutPence)) : null,
    },
  };
}

/** The next free windows of a refused booking, as the page offers them. */
export const offeredSlots = (windows: readonly FreeWindow[]): OfferedSlot[] =>
  windows.map(({ date, start, end, free }) => ({ date, start, end, placesLeft: placesLeftToTell(free) }));

const requestedStep = (value: string | null): BookingStep | null =>
  value === 'what' || value === 'when' || value === 'details' ? value : null;

/**
 * The step a request for the booking page shows, with the choices its address carries: the one
 * asked for (`step`) when the earlier steps' choices hold, else the first step whose choice does
 * not, with its message. A day chosen without scripts with a time it does not have shows its
 * times first, without a message (`timesFor` names the day whose times the form showed).
 */
export async function bookingPage(context: AppLoadContext, url: URL): Promise<BookingPageData> {
  const params = url.searchParams;
  const { offer } = context.bookings;
  const services = serviceOptions(context, offer);
  const locations = locationOptions(context);
  const coveredDistricts = context.content.areas.coveredDistricts;
  const choices = choicesOf(params);
  // Tyres chosen on a tyre's page are booked with their fitting: the service goes without asking.
  if (choices.tyre !== '' && !services.some((service) => service.slug === choices.service)) {
    choices.service = tyreServiceSlug(context.content);
  }
  if (choices.location !== mobileLocation) choices.postcode = '';
  else if (isPostcode(choices.postcode)) choices.postcode = normalisePostcode(choices.postcode);
  const { tyre, tyreNotice, totalPence } = isBranchService(choices.service)
    ? { tyre: null, tyreNotice: choices.tyre === '' ? null : tyresWithBranchServiceMessage }
    : await chosenTyre(context, choices);
  if (!tyre) {
    choices.tyre = '';
    choices.quantity = '';
  }
  const page = {
    choices,
    services,
    locations,
    coveredDistricts,
    horizonDays: offer.horizonDays,
    tyre,
    tyreNotice,
    deposit: null,
    callOut: null,
    texts: context.texts,
  };
  const step = requestedStep(params.get('step'));

  const errors = whatErrors(choices, services, locations, coveredDistricts);
  if (step === null || step === 'what' || Object.keys(errors).length > 0) {
    const shown = step === null || step === 'what' ? {} : errors;
    return { ...page, step: 'what', errors: shown, availability: [] };
  }

  const offered = await offeredAvailability(context, choices, tyre ? Number(choices.quantity) : undefined);
  if ('postcodeError' in offered) {
    return { ...page, step: 'what', errors: { postcode: offered.postcodeError }, availability: [] };
  }
  const { callOut } = offered;
  const availability = offeredDays(offered.days.filter((entry) => !tyre || entry.date >= tyre.fittedFrom));
  const day = availability.find((entry) => entry.date === choices.date);
  const when = (whenErrors: Partial<Record<ChoiceField, string>> = {}): BookingPageData => {
    // Before a day is chosen, the first with a time near another job, else the first free one.
    const shownDay =
      day ?? availability.find((entry) => entry.windows.some((window) => window.nearby)) ?? availability[0];
    const start = shownDay?.windows.some((window) => window.start === choices.start) ? choices.start : '';
    return {
      ...page,
      step: 'when',
      choices: { ...choices, date: shownDay?.date ?? '', start },
      errors: whenErrors,
      availability,
      callOut,
    };
  };
  if (step === 'when') return when();
  if (!day) return when({ date: choices.date === '' ? emptyMessage('date') : dayFullMessage });
  if (day.windows.some((window) => window.start === choices.start)) {
    const deposit = depositNotice(context, choices.service, tyre ? totalPence : undefined);
    return { ...page, step: 'details', errors: {}, availability, deposit, callOut };
  }
  // A day changed without scripts, whose windows the customer has not seen (and the time chosen
  // under the other day is not among them): its windows, to choose from, without a complaint.
  if (params.get('timesFor') !== day.date) return when();
  return when({ start: choices.start === '' ? emptyMessage('start') : windowUnavailableMessage });
}

/**
 * Whether the page may be kept for everyone by the page cache: only the first step without a
 * postcode (the others show live availability, or the customer's own answers).
 */
export function isSharedPage(page: BookingPageData, url: URL): boolean {
  return page.step === 'what' && [...url.searchParams.keys()].every((key) => key === 'service');
}

/** The choices a form post carries, and its other fields, as strings (files are not expected). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(
    [...(await request.formData()).entries()].filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

/** An alternative window chosen after a conflict (`2026-11-24 10:00`) replaces the date and start. */
export function withChosenSlot(form: Record<string, string>): Record<string, string> {
  const { slot, ...rest } = form;
  const match = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})$/.exec(slot ?? '');
  return match ? { ...rest, date: match[1]!, start: match[2]! } : rest;
}

/** The booking as POST /api/bookings takes it: the page's `tyre` choice is its `tyreId`. */
export function bookingOfForm(form: Record<string, string>): Record<string, string> {
  const { tyre, quantity, ...rest } = form;
  return tyre ? { ...rest, tyreId: tyre, quantity: quantity || '1' } : rest;
}
