/**
 * Words that follow a count, as every page, e-mail and message writes them: "1 tyre", "2 tyres",
 * "1,200 visits"; `many` where the plural is not the word and an s ("1 tyre is", "3 tyres are").
 */

const counts = /* @__PURE__ */ new Intl.NumberFormat('en-GB');

/** The word for `count`: `one` for exactly one, else `many`. */
export const wordFor = (count: number, one: string, many = `${one}s`) => (count === 1 ? one : many);

/** "1 tyre", "2 tyres", "1,200 tyres". */
export const plural = (count: number, one: string, many = `${one}s`) =>
  `${counts.format(count)} ${wordFor(count, one, many)}`;

/** Whether `value` is one of `values` (a list of names), as that type. */
export const isOneOf = <Value extends string>(values: readonly Value[], value: unknown): value is Value =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** `value` when it is one of `values`, else undefined. */
export const oneOf = <Value extends string>(values: readonly Value[], value: unknown): Value | undefined =>
  isOneOf(values, value) ? value : undefined;
