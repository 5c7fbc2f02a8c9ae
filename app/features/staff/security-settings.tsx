import { useId } from 'react';
import { messageOf } from '#app/lib/api.ts';
import { Switch } from '#app/components/ui/switch.tsx';
import { useChangeSecuritySettings, useSecuritySettings } from './staff-queries.ts';

/** "Require two-factor sign-in for every account" (PUT /api/settings/security), as a switch. */
export function SecuritySettingsSection() {
  const id = useId();
  const settings = useSecuritySettings();
  const change = useChangeSecuritySettings();
  const checked = change.isPending ? change.variables.requireTwoFactor : settings.data?.requireTwoFactor;

  return (
    <section aria-labelledby="sign-in-security" className="grid max-w-3xl gap-3">
      <h2 id="sign-in-security" className="text-xl font-bold text-ink">
        Sign-in security
      </h2>
      <div className="flex items-start justify-between gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="min-w-0">
          <p id={`${id}-label`} className="font-semibold text-ink">
            Require two-factor sign-in for every account
          </p>
          <p id={`${id}-text`} className="mt-1 text-sm text-slate-600">
            Two-factor sign-in asks for a code from a phone app as well as the password, so a stolen password
            is not enough. When this is on, anyone who has not set it up must do so the next time they sign
            in, before they can do anything else.
          </p>
          {settings.isError && (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              Could not read this setting: {messageOf(settings.error)}{' '}
              <button
                type="button"
                onClick={() => void settings.refetch()}
                className="font-semibold underline underline-offset-2"
              >
                Try again
              </button>
            </p>
          )}
        </div>
        <Switch
          checked={checked ?? false}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-text`}
          aria-disabled={checked === undefined || change.isPending}
          onCheckedChange={(requireTwoFactor) => change.mutate({ requireTwoFactor })}
          className="mt-1"
        />
      </div>
    </section>
  );
}
