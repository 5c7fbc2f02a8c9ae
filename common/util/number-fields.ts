// zod/mini: settings checked in the dashboard's bundle use it.
import * as z from 'zod/mini';

/**
 * A whole number of `what` (pence, hours, minutes) from `min` to `max`, with the messages the
 * settings' forms show beside the field.
 */
export const wholeNumberOf = (what: string, min: number, max: number) =>
  z
    .number(`Enter a whole number of ${what}`)
    .check(
      z.int(`Enter a whole number of ${what}`),
      z.minimum(min, `At least ${min} ${what}`),
      z.maximum(max, `At most ${max} ${what}`),
    );
