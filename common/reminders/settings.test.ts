import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  defaultReminderSettings,
  motDaysOrderMessage,
  reminderSettingsChanges,
  reminderSettingsSchema,
  reviewLinkMessage,
  reviewTimeMessage,
} from './settings.ts';

const issuesOf = (input: unknown) =>
  z
    .safeParse(reminderSettingsSchema, input)
    .error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('the reminders’ settings', () => {
  it('default to 28 and 7 days, 8 weeks, 10:00 and no review link until staff set them', () => {
    expect(defaultReminderSettings).toMatchObject({ motFirstDays: 28, motSecondDays: 7, tyreWeeks: 8 });
    expect(issuesOf(defaultReminderSettings)).toBeUndefined();
    const own = { ...defaultReminderSettings, tyreWeeks: 6, reviewLink: 'https://g.page/r/review' };
    expect(reminderSettingsChanges(defaultReminderSettings, own)).toEqual([
      'Reminders: tyre reminder, weeks after “8” → “6”',
      'Reminders: review link (empty) → “https://g.page/r/review”',
    ]);
  });

  it('take a review page’s https address, trimmed, or none', () => {
    const parsed = z.parse(reminderSettingsSchema, {
      ...defaultReminderSettings,
      reviewLink: '  https://g.page/r/an-example/review ',
    });
    expect(parsed.reviewLink).toBe('https://g.page/r/an-example/review');
    expect(issuesOf({ ...defaultReminderSettings, reviewLink: 'http://example.com' })).toEqual([
      ['reviewLink', reviewLinkMessage],
    ]);
    expect(issuesOf({ ...defaultReminderSettings, reviewLink: 'https://' })).toEqual([
      ['reviewLink', reviewLinkMessage],
    ]);
  });

  it('refuse a review time outside the sending hours, and a second MOT reminder before the first', () => {
    for (const reviewTime of ['08:59', '19:00', '23:30', '10am']) {
      expect(issuesOf({ ...defaultReminderSettings, reviewTime })).toEqual([
        ['reviewTime', reviewTimeMessage],
      ]);
    }
    expect(issuesOf({ ...defaultReminderSettings, reviewTime: '18:59' })).toBeUndefined();
    expect(issuesOf({ ...defaultReminderSettings, motFirstDays: 10, motSecondDays: 10 })).toEqual([
      ['motSecondDays', motDaysOrderMessage],
    ]);
    expect(issuesOf({ ...defaultReminderSettings, tyreWeeks: 0 })).toEqual([
      ['tyreWeeks', 'At least 1 weeks'],
    ]);
    expect(issuesOf({ ...defaultReminderSettings, motFirstDays: 28.5 })?.[0]?.[1]).toBe(
      'Enter a whole number of days',
    );
  });
});
