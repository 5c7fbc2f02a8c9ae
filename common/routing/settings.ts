// zod/mini: the dashboard's Settings tab checks these as the API does.
import * as z from 'zod/mini';
import { isPostcode, normalisePostcode, postcodeMessage } from '#common/site-content/postcode.ts';
import { fieldChanges } from '#common/util/field-changes.ts';
import { wholeNumberOf as wholeNumber } from '#common/util/number-fields.ts';

/**
 * The routes' settings (the Settings tab's Routes; common/settings/domains.ts): where each van
 * starts its day, what the call-out costs by distance from the nearest start, how fast the vans
 * travel where no routing engine is set up (OSRM_URL), how near another job makes a slot
 * "nearby", and how long each service takes on site. With no starts, mobile fitting is booked
 * by the windows' places alone, as before routes were kept.
 */

export const routeLimits = {
  starts: 30,
  callOutBands: 10,
  bandMiles: 200,
  callOutPence: 50_000,
  onSiteMinutes: 8 * 60,
  services: 60,
} as const;

/** The time on site of a service the settings do not name. */
export const defaultOnSiteMinutes = 30;


const decimal = (what: string, min: number, max: number) =>
  z
    .number(`Enter a number of ${what}`)
    .check(z.minimum(min, `At least ${min} ${what}`), z.maximum(max, `At most ${max} ${what}`));

const postcodeSchema = z.pipe(
  z.string(postcodeMessage).check(z.refine(isPostcode, postcodeMessage)),
  z.transform(normalisePostcode),
);

/** A van's start: a branch or a fitter's home, by postcode; with a fitter, that fitter's van. */
export const routeStartSchema = z.object({
  name: z
    .string('Enter a name')
    .check(z.trim(), z.minLength(1, 'Enter a name'), z.maxLength(60, 'Must be 60 characters or fewer')),
  postcode: postcodeSchema,
  /** The fitter (a `fitter` account) who drives from here, if the start is theirs. */
  fitterId: z.optional(z.nullable(z.number().check(z.int(), z.positive()))),
});
export type RouteStart = z.output<typeof routeStartSchema>;

/** A call-out charge: `pence` up to `upToMiles` by road from the nearest start. */
export const callOutBandSchema = z.object({
  upToMiles: decimal('miles', 0.1, routeLimits.bandMiles),
  pence: wholeNumber('pence', 0, routeLimits.callOutPence),
});
export type CallOutBand = z.output<typeof callOutBandSchema>;

export const routeSettingsSchema = z
  .object({
    /** One a van: where its day starts. Empty: no routes are kept. */
    starts: z
      .array(routeStartSchema)
      .check(z.maxLength(routeLimits.starts, `At most ${routeLimits.starts} starts`)),
    /**
     * The call-out charge by road miles from the nearest start, nearest band first; beyond the
     * last, mobile fitting is not booked online there. Empty: no charge and no limit.
     */
    callOutBands: z
      .array(callOutBandSchema)
      .check(z.maxLength(routeLimits.callOutBands, `At most ${routeLimits.callOutBands} bands`)),
    /** The average speed by road where no routing engine is set up. */
    averageMph: decimal('miles an hour', 5, 70),
    /** How much longer a drive is than the straight line. */
    roadFactor: decimal('times the straight line', 1, 3),
    /** A van already this near the customer that day makes the slot "nearby". */
    nearbyMiles: decimal('miles', 0, 30),
    /** Taken off the call-out charge of a nearby slot (never below nothing). */
    nearbyDiscountPence: wholeNumber('pence', 0, routeLimits.callOutPence),
    /** The time on site, in minutes, of each service by its key (`puncture-repair`); a tyre service's per tyre. */
    onSiteMinutes: z
      .record(
        z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid service key')),
        wholeNumber('minutes', 5, routeLimits.onSiteMinutes),
      )
      .check(
        z.refine(
          (minutes) => Object.keys(minutes).length <= routeLimits.services,
          `At most ${routeLimits.services} services`,
        ),
      ),
  })
  .check(
    z.superRefine((settings, context) => {
      const names = new Set<string>();
      settings.starts.forEach((start, index) => {
        const name = start.name.toLowerCase();
        if (names.has(name)) {
          context.issues.push({
            code: 'custom',
            input: start.name,
            path: ['starts', index, 'name'],
            message: 'Each start needs a name of its own',
          });
        }
        names.add(name);
      });
      settings.callOutBands.forEach((band, index) => {
        const previous = settings.callOutBands[index - 1];
        if (previous && band.upToMiles <= previous.upToMiles) {
          context.issues.push({
            code: 'custom',
            input: band.upToMiles,
            path: ['callOutBands', index, 'upToMiles'],
            message: 'Each band must reach further than the one before',
          });
        }
      });
    }),
  );

export type RouteSettings = z.output<typeof routeSettingsSchema>;

export const defaultRouteSettings: RouteSettings = {
  starts: [],
  callOutBands: [
    { upToMiles: 5, pence: 0 },
    { upToMiles: 15, pence: 1000 },
    { upToMiles: 30, pence: 2000 },
  ],
  averageMph: 25,
  roadFactor: 1.3,
  nearbyMiles: 3,
  nearbyDiscountPence: 0,
  onSiteMinutes: {
    'tyre-replacement': 20,
    'puncture-repair': 30,
    'wheel-balancing': 30,
    'tpms-services': 30,
    'commercial-tyres': 45,
  },
};

/** Whether routes are kept: some van has a start. */
export const routesKept = (settings: RouteSettings) => settings.starts.length > 0;

/** What changed, in words, for the settings' history. */
export const routeSettingsChanges = (before: RouteSettings, after: RouteSettings) =>
  fieldChanges('Routes', before, after, {
    starts: 'vans’ starts',
    callOutBands: 'call-out charges',
    averageMph: 'average speed (mph)',
    roadFactor: 'road factor',
    nearbyMiles: 'nearby within (miles)',
    nearbyDiscountPence: 'nearby discount (pence)',
    onSiteMinutes: 'time on site',
  });
