// zod/mini: the dashboard's Settings tab checks these as the API does.
import * as z from 'zod/mini';
import { fieldChanges } from '#common/util/field-changes.ts';
import { sendingHours } from '#common/reminders/sending-hours.ts';
import { timePattern } from '#common/time/week.ts';
import {
  defaultTextWordings,
  textKindLabels,
  textKinds,
  textWordingProblem,
  type TextKind,
} from './texts.ts';

/**
 * The messages' settings (the Settings tab's Messages; common/settings/domains.ts): the wording
 * of each text, and when the text of the day before goes. They take effect only while texts are
 * configured (TWILIO_*).
 */

export const dayBeforeTimeMessage = `Enter a time from ${sendingHours.from} to 18:59, for example 17:00`;

const wording = (kind: TextKind) =>
  z.string().check(
    z.superRefine((value, context) => {
      const problem = textWordingProblem(kind, value);
      if (problem) context.issues.push({ code: 'custom', input: value, message: problem });
    }),
  );

export const messageSettingsSchema = z.object({
  /** Each text's words, with its {placeholders}. */
  texts: z.object(
    Object.fromEntries(textKinds.map((kind) => [kind, wording(kind)])) as Record<
      TextKind,
      ReturnType<typeof wording>
    >,
  ),
  /** The text of the day before goes at this time in London (17:00 by default). */
  dayBeforeTime: z.string().check(
    z.regex(timePattern, dayBeforeTimeMessage),
    z.refine((time) => time >= sendingHours.from && time < sendingHours.until, dayBeforeTimeMessage),
  ),
});

export type MessageSettings = z.output<typeof messageSettingsSchema>;

export const defaultMessageSettings: MessageSettings = {
  texts: defaultTextWordings,
  dayBeforeTime: '17:00',
};

export const messageSettingsChanges = (before: MessageSettings, after: MessageSettings) => [
  ...fieldChanges(
    'Messages',
    before.texts,
    after.texts,
    Object.fromEntries(textKinds.map((kind) => [kind, `text “${textKindLabels[kind]}”`])),
  ),
  ...fieldChanges('Messages', before, after, { dayBeforeTime: 'text of the day before at' }),
];
