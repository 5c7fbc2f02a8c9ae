import { reminderSettingsOf } from '#common/reminders/settings.ts';
import type { SiteContent } from '#common/site-content/site-content.ts';
import type { Path } from './draft-state.ts';

/**
 * The draft about to take an edit at `path`. The document holds all the reminders' settings or
 * none, so the first edit of one starts from the defaults in force, and the others keep them.
 */
export function withRemindersFor(draft: SiteContent, path: Path): SiteContent {
  return path[0] === 'reminders' && path.length > 1 && !draft.reminders
    ? { ...draft, reminders: reminderSettingsOf(draft) }
    : draft;
}
