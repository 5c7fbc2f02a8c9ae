import { formAt, formRecord, formString, type FormObject } from './stripe-form.ts';

/**
 * What the stand-in of Stripe (stripe-stand-in.ts) checks of a new Checkout Session: the
 * parameters the product must send for a booking's payment, each refused as Stripe refuses a bad
 * parameter (400, `invalid_request_error`, naming it in `param`).
 */

/** Stripe's error body: `{ error: { type, code, message, param } }`. */
export type StripeErrorBody = {
  error: { type: string; code?: string; message: string; param?: string; doc_url?: string };
};

export const invalidRequest = (
  message: string,
  param?: string,
  code = 'parameter_invalid',
): StripeErrorBody => ({
  error: { type: 'invalid_request_error', code, message, ...(param !== undefined && { param }) },
});

const missing = (param: string) =>
  invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');

/** One line of a session, as the hosted page shows it. */
export type StandInLine = { name: string; unitAmount: number; quantity: number };

/** A new session's parameters, once checked. */
export type CheckoutParams = {
  mode: 'payment';
  lines: StandInLine[];
  clientReferenceId: string;
  metadata: Record<string, string>;
  customerEmail: string | null;
  successUrl: string;
  cancelUrl: string;
  expiresAt: number;
};

const positiveInteger = (text: string | undefined) =>
  text !== undefined && /^\d+$/.test(text) && Number(text) > 0 ? Number(text) : undefined;

const absoluteUrl = (text: string | undefined) => {
  if (!text) return false;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};

/** Stripe keeps a Checkout page open at least 30 minutes and at most 24 hours; a minute's slack either way. */
export const expiresAtLimits = { minSeconds: 30 * 60 - 60, maxSeconds: 24 * 60 * 60 + 60 };

function checkLine(form: FormObject, index: number): StandInLine | StripeErrorBody {
  const at = (...path: string[]) => `line_items[${index}][${path.join('][')}]`;
  const line = formAt(form, 'line_items', index);
  if (formString(line, 'price') !== undefined)
    return invalidRequest('The stand-in takes price_data, not saved prices.', at('price'));
  if (formAt(line, 'price_data') === undefined) return missing(at('price_data'));
  const currency = formString(line, 'price_data', 'currency');
  if (currency === undefined) return missing(at('price_data', 'currency'));
  if (currency !== 'gbp')
    return invalidRequest(
      `Invalid currency: ${currency}. Bookings are paid in gbp.`,
      at('price_data', 'currency'),
    );
  const unitAmountText = formString(line, 'price_data', 'unit_amount');
  const unitAmount = positiveInteger(unitAmountText);
  if (unitAmount === undefined)
    return unitAmountText === undefined
      ? missing(at('price_data', 'unit_amount'))
      : invalidRequest(
          `Invalid unit_amount: ${unitAmountText}: a positive whole number of pence.`,
          at('price_data', 'unit_amount'),
          'parameter_invalid_integer',
        );
  const name = formString(line, 'price_data', 'product_data', 'name')?.trim();
  if (!name) return missing(at('price_data', 'product_data', 'name'));
  const quantity = positiveInteger(formString(line, 'quantity'));
  if (quantity === undefined)
    return formString(line, 'quantity') === undefined
      ? missing(at('quantity'))
      : invalidRequest('Invalid quantity: at least 1.', at('quantity'), 'parameter_invalid_integer');
  return { name, unitAmount, quantity };
}

/** The parameters of POST /v1/checkout/sessions, checked at `nowSeconds` (unix time). */
export function checkCheckoutParams(form: FormObject, nowSeconds: number): CheckoutParams | StripeErrorBody {
  const mode = formString(form, 'mode');
  if (mode === undefined) return missing('mode');
  if (mode !== 'payment')
    return invalidRequest(`Invalid mode: ${mode}. Bookings are paid with mode payment.`, 'mode');
  const items = formAt(form, 'line_items');
  if (!Array.isArray(items) || items.length === 0) return missing('line_items');
  const lines: StandInLine[] = [];
  for (let index = 0; index < items.length; index += 1) {
    const line = checkLine(form, index);
    if ('error' in line) return line;
    lines.push(line);
  }
  const clientReferenceId = formString(form, 'client_reference_id');
  if (!clientReferenceId) return missing('client_reference_id');
  const metadata = formRecord(form, 'metadata');
  if (!metadata.bookingId) return missing('metadata[bookingId]');
  for (const param of ['success_url', 'cancel_url'] as const) {
    const url = formString(form, param);
    if (url === undefined) return missing(param);
    if (!absoluteUrl(url))
      return invalidRequest(
        `Not a valid URL: ${param} must be an absolute http(s) URL.`,
        param,
        'url_invalid',
      );
  }
  const expiresText = formString(form, 'expires_at');
  if (expiresText === undefined) return missing('expires_at');
  if (!/^\d+$/.test(expiresText))
    return invalidRequest(`Invalid integer: ${expiresText}`, 'expires_at', 'parameter_invalid_integer');
  const expiresAt = Number(expiresText);
  if (expiresAt - nowSeconds < expiresAtLimits.minSeconds)
    return invalidRequest(
      'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
      'expires_at',
    );
  if (expiresAt - nowSeconds > expiresAtLimits.maxSeconds)
    return invalidRequest(
      'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
      'expires_at',
    );
  return {
    mode,
    lines,
    clientReferenceId,
    metadata,
    customerEmail: formString(form, 'customer_email') ?? null,
    successUrl: formString(form, 'success_url')!,
    cancelUrl: formString(form, 'cancel_url')!,
    expiresAt,
  };
}

/** A list's parameters (GET /v1/checkout/sessions): its filters and page. */
export type ListParams = {
  created: { gte?: number; gt?: number; lte?: number; lt?: number; eq?: number };
  limit: number;
  startingAfter: string | undefined;
  endingBefore: string | undefined;
  status: string | undefined;
  paymentIntent: string | undefined;
};

export function checkListParams(query: FormObject): ListParams | StripeErrorBody {
  const created: ListParams['created'] = {};
  const createdValue = formAt(query, 'created');
  if (typeof createdValue === 'string') {
    if (!/^\d+$/.test(createdValue)) return invalidRequest(`Invalid integer: ${createdValue}`, 'created');
    created.eq = Number(createdValue);
  }
  for (const bound of ['gte', 'gt', 'lte', 'lt'] as const) {
    const text = formString(query, 'created', bound);
    if (text === undefined) continue;
    if (!/^\d+$/.test(text)) return invalidRequest(`Invalid integer: ${text}`, `created[${bound}]`);
    created[bound] = Number(text);
  }
  const limitText = formString(query, 'limit');
  const limit = limitText === undefined ? 10 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return invalidRequest('This value must be greater than or equal to 1 and at most 100.', 'limit');
  const status = formString(query, 'status');
  if (status !== undefined && !['open', 'complete', 'expired'].includes(status))
    return invalidRequest(`Invalid status: must be one of open, complete, or expired`, 'status');
  return {
    created,
    limit,
    startingAfter: formString(query, 'starting_after'),
    endingBefore: formString(query, 'ending_before'),
    status,
    paymentIntent: formString(query, 'payment_intent'),
  };
}

/** Whether a unix time is in a list's `created` range. */
export const inCreatedRange = (created: number, range: ListParams['created']) =>
  (range.eq === undefined || created === range.eq) &&
  (range.gte === undefined || created >= range.gte) &&
  (range.gt === undefined || created > range.gt) &&
  (range.lte === undefined || created <= range.lte) &&
  (range.lt === undefined || created < range.lt);
