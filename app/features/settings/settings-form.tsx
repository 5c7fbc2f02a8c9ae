import { useMemo, useReducer, type FormEvent, type ReactNode } from 'react';
import * as z from 'zod/mini';
import { nestedFieldErrorsOf } from '#common/http/field-errors.ts';
import {
  settingsDomains,
  type DomainSettings,
  type SettingsDomain,
  type SettingsOf,
} from '#common/settings/domains.ts';
import { Button } from '#app/components/ui/button.tsx';
import { EditorContext } from '#app/components/editor/editor-context.ts';
import {
  editDraft,
  type DraftEdit,
  type DraftState,
  type FieldErrors,
} from '#app/components/editor/draft.ts';
import { ApiError, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { useChangeSettings } from './settings-queries.ts';
import { settingsFieldLabel } from './settings-labels.ts';

/**
 * The draft of one domain's settings as its fields edit it: `{ booking: … }`, so that the fields
 * name their paths from the domain (`booking.noticeHours`), as the API's messages do once prefixed.
 */
type Draft<Domain extends SettingsDomain> = { [Key in Domain]: SettingsOf<Domain> };
type FormState<Domain extends SettingsDomain> = DraftState<Draft<Domain>> & {
  /** From the first attempt to save on, the draft is checked on every change. */
  checking: boolean;
};

function formReducer<Domain extends SettingsDomain>(
  state: FormState<Domain>,
  action: DraftEdit | { type: 'check' } | { type: 'refused'; fieldErrors: FieldErrors },
): FormState<Domain> {
  switch (action.type) {
    case 'set':
    case 'add':
    case 'remove':
    case 'move':
      return editDraft(state, action);
    case 'check':
      return { ...state, checking: true };
    case 'refused':
      return { ...state, serverErrors: action.fieldErrors };
  }
}

const noErrors: FieldErrors = {};

/** Messages keyed by the settings' own fields, as the draft's fields name them. */
const prefixed = (domain: SettingsDomain, errors: Record<string, string[]>): FieldErrors =>
  Object.fromEntries(Object.entries(errors).map(([key, messages]) => [`${domain}.${key}`, messages]));

/** What the rules the API applies say of the settings, keyed as the draft's fields name them. */
function checkErrors<Domain extends SettingsDomain>(
  domain: Domain,
  settings: SettingsOf<Domain>,
): FieldErrors {
  const checked = z.safeParse(settingsDomains[domain].schema, settings);
  return checked.success ? noErrors : prefixed(domain, nestedFieldErrorsOf(checked.error));
}

/**
 * The form of a domain's settings edited field by field (booking, invoicing, reminders): the
 * fields of `children` edit the draft through the editor's context, as the Content tab's do.
 * Saving checks the draft by the rules the API applies (and from then on every change, as the
 * fields are corrected), then sends it with the version it was made from. Those who may not
 * change the domain see it without the save button.
 */
export function SettingsForm<Domain extends SettingsDomain>({
  current,
  canChange,
  label,
  children,
}: {
  current: DomainSettings<Domain>;
  canChange: boolean;
  label: string;
  children: (settings: SettingsOf<Domain>) => ReactNode;
}) {
  const domain = current.domain;
  const [state, dispatch] = useReducer(formReducer<Domain>, {
    draft: { [domain]: current.settings } as Draft<Domain>,
    checking: false,
    serverErrors: {},
  });
  const change = useChangeSettings(domain);
  const settings = state.draft[domain];
  // The same object while nothing needs attention, so that the fields do not render again for it.
  const checkedErrors = useMemo(
    () => (state.checking ? checkErrors(domain, settings) : noErrors),
    [domain, settings, state.checking],
  );
  const errors = useMemo(
    () =>
      Object.keys(state.serverErrors).length > 0
        ? { ...checkedErrors, ...state.serverErrors }
        : checkedErrors,
    [checkedErrors, state.serverErrors],
  );
  const context = useMemo(() => ({ dispatch, errors, labelOf: settingsFieldLabel }), [errors]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (change.isPending || !canChange) return;
    dispatch({ type: 'check' });
    const checked = z.safeParse(settingsDomains[domain].schema, settings);
    if (!checked.success) return;
    dispatch({ type: 'refused', fieldErrors: {} });
    try {
      await change.mutateAsync({ version: current.version, settings: checked.data as SettingsOf<Domain> });
      toast({
        title: `${settingsDomains[domain].title} settings saved`,
        description: 'They apply from now on.',
      });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors) {
        dispatch({ type: 'refused', fieldErrors: prefixed(domain, error.fieldErrors) });
      }
      toast({ variant: 'destructive', title: 'Not saved', description: messageOf(error) });
    }
  }

  const errorCount = Object.keys(errors).length;
  return (
    <EditorContext.Provider value={context}>
      <form noValidate aria-label={label} onSubmit={(event) => void save(event)} className="grid gap-6">
        <fieldset disabled={!canChange} className="grid min-w-0 gap-6">
          {children(settings)}
        </fieldset>
        {errorCount > 0 && (
          <p role="alert" className="text-sm font-medium text-red-700">
            Please check the highlighted fields and try again.
          </p>
        )}
        {canChange ? (
          <Button type="submit" size="large" className="justify-self-start" aria-disabled={change.isPending}>
            {change.isPending ? 'Saving…' : 'Save'}
          </Button>
        ) : (
          <p className="text-sm text-slate-600">Only an owner can change these settings.</p>
        )}
      </form>
    </EditorContext.Provider>
  );
}
