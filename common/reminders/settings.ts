// zod/mini: the dashboard's Settings tab checks these as the API does.
import * as z from 'zod/mini';
import { fieldChanges } from '#common/util/field-changes.ts';
import { timePattern } from '#common/time/week.ts';
import { sendingHours } from './sending-hours.ts';

/**
 * The reminders' settings (the Settings tab's Reminders; common/settings/domains.ts): how long before an MOT runs out its two reminders go, how long after a job
 * the tyre reminder goes, and where and when review requests send customers.
 */

const reminderSettingsLimits = {
  motFirstDays: { min: 8, max: 90 },
  motSecondDays: { min: 1, max: 60 },
  tyreWeeks: { min: 1, max: 52 },
  reviewLink: 300,
} as const;

const wholeNumber = (what: string, { min, max }: { min: number; max: number }) =>
  z
    .number(`Enter a whole number of ${what}`)
    .check(
      z.int(`Enter a whole number of ${what}`),
      z.minimum(min, `At least ${min} ${what}`),
      z.maximum(max, `At most ${max} ${what}`),
    );

export const reviewLinkMessage = 'Enter the full address of your review page, starting with https://';
export const reviewTimeMessage = `Enter a time from ${sendingHours.from} to 18:59, for example 10:00`;
export const motDaysOrderMessage = 'The second reminder must go later than the first: fewer days before';

export const reminderSettingsSchema = z
  .object({
    /** The first MOT reminder goes this many days before the expiry (28 by default). */
    motFirstDays: wholeNumber('days', reminderSettingsLimits.motFirstDays),
    /** The second this many days before (7 by default). */
    motSecondDays: wholeNumber('days', reminderSettingsLimits.motSecondDays),
    /** The tyre reminder goes this many weeks after the job that noted worn tyres (8 by default). */
    tyreWeeks: wholeNumber('weeks', reminderSettingsLimits.tyreWeeks),
    /**
     * Where review requests send customers (the business's Google review page); empty until
     * staff set it, and review requests are not sent meanwhile.
     */
    reviewLink: z.pipe(
      z.transform((value: unknown) => (typeof value === 'string' ? value.trim() : '')),
      z
        .string()
        .check(
          z.maxLength(reminderSettingsLimits.reviewLink, reviewLinkMessage),
          z.regex(/^$|^https:\/\/[^\s/$.?#][^\s]*$/i, reviewLinkMessage),
        ),
    ),
    /** Review requests go the day after the job at this time in London (10:00 by default). */
    reviewTime: z.string().check(
      z.regex(timePattern, reviewTimeMessage),
      z.refine((time) => time >= sendingHours.from && time < sendingHours.until, reviewTimeMessage),
    ),
  })
  .check(
    z.superRefine((settings, context) => {
      if (settings.motSecondDays >= settings.motFirstDays) {
        context.issues.push({
          code: 'custom',
          input: settings.motSecondDays,
          path: ['motSecondDays'],
          message: motDaysOrderMessage,
        });
      }
    }),
  );
export type ReminderSettings = z.output<typeof reminderSettingsSchema>;

/** The settings until staff first change them. */
export const defaultReminderSettings: ReminderSettings = {
  motFirstDays: 28,
  motSecondDays: 7,
  tyreWeeks: 8,
  reviewLink: '',
  reviewTime: '10:00',
};

/** What changed, in words, for the settings' history. */
export const reminderSettingsChanges = (before: ReminderSettings, after: ReminderSettings) =>
  fieldChanges('Reminders', before, after, {
    motFirstDays: 'first MOT reminder, days before',
    motSecondDays: 'second MOT reminder, days before',
    tyreWeeks: 'tyre reminder, weeks after',
    reviewLink: 'review link',
    reviewTime: 'review requests at',
  });
