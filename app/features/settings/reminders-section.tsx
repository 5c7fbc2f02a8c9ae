import { memo } from 'react';
import type { ReminderSettings } from '#common/reminders/settings.ts';
import { NumberField, TextField } from '#app/components/editor/fields.tsx';

/**
 * When reminders go, and where review requests send customers. Until staff save their own, the
 * defaults apply: 28 and 7 days before an MOT runs out, 8 weeks after worn tyres, 10:00.
 */
export const RemindersSection = memo(function RemindersSection({
  reminders: shown,
}: {
  reminders: ReminderSettings;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-3 sm:items-start">
        <NumberField path={['reminders', 'motFirstDays']} value={shown.motFirstDays} suffix="days before" />
        <NumberField path={['reminders', 'motSecondDays']} value={shown.motSecondDays} suffix="days before" />
        <NumberField
          path={['reminders', 'tyreWeeks']}
          value={shown.tyreWeeks}
          suffix="weeks after"
          hint="After a job that noted a tyre at 3 mm or less, or an advisory."
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] sm:items-start">
        <TextField
          path={['reminders', 'reviewLink']}
          value={shown.reviewLink}
          type="url"
          inputMode="url"
          hint={
            shown.reviewLink
              ? 'Your Google review page (or another), starting with https://.'
              : 'Not set: review requests are not sent until it is. Your Google Business Profile gives a “Get more reviews” link.'
          }
        />
        <TextField
          path={['reminders', 'reviewTime']}
          value={shown.reviewTime}
          inputMode="numeric"
          hint="HH:MM, London time, the day after the job."
        />
      </div>
    </>
  );
});
