import { useState } from 'react';
import { roleLabels } from '#common/accounts/accounts.ts';
import type { StaffUser } from '#common/auth/auth.ts';
import { useCurrentUser } from './staff-session.ts';
import { AlertIcon } from '#app/components/ui/icons.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { AccountSection } from './account-section.tsx';
import { useChangeOwnDisplayName } from './account-queries.ts';
import { DisplayNameForm } from './display-name-form.tsx';
import { PasswordChangeForm } from './password-change-form.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { TwoFactorSection } from './two-factor-section.tsx';

/**
 * My account: the signed-in person's name, password, where they are signed in, and two-factor sign-in.
 * When the business requires two-factor sign-in and it is not set up yet, this is all the
 * dashboard shows, so it says why and starts with that.
 */
export function AccountTab() {
  const user = useCurrentUser();
  return (
    <section aria-labelledby="my-account" className="grid min-w-0 gap-6">
      <div className="max-w-3xl">
        <h2 id="my-account" className="text-xl font-bold text-ink">
          My account
        </h2>
        {user.data && (
          <p className="mt-1 text-sm text-slate-600">
            Signed in as <span className="font-semibold text-ink">{user.data.username}</span> (
            {roleLabels[user.data.role]}).
          </p>
        )}
      </div>
      {user.data ? (
        <AccountSections user={user.data} />
      ) : (
        <Spinner label="Loading your account..." showLabel />
      )}
    </section>
  );
}

function AccountSections({ user }: { user: StaffUser }) {
  // Fixed when the panel opens: turning two-factor sign-in on does not shuffle the sections (and
  // focus) under the person's hands.
  const [twoFactorFirst] = useState(user.twoFactorSetupRequired);
  return (
    <>
      {user.twoFactorSetupRequired && <TwoFactorRequired />}
      {twoFactorFirst && <TwoFactorSection user={user} />}
      {/* Until two-factor sign-in is on, the server refuses everything else to this account. */}
      {!user.twoFactorSetupRequired && (
        <>
          <OwnDisplayName user={user} />
          <PasswordChangeForm username={user.username} />
          <SessionsSection />
        </>
      )}
      {!twoFactorFirst && <TwoFactorSection user={user} />}
    </>
  );
}

/** The name the person goes by, set by themself (an owner can set it too, on the Staff tab). */
function OwnDisplayName({ user }: { user: StaffUser }) {
  const change = useChangeOwnDisplayName();
  return (
    <AccountSection
      id="account-name"
      title="Your name"
      lead="What colleagues see in the diary, the jobs and the activity log. Customers’ e-mails name a fitter by its first word."
    >
      <DisplayNameForm
        id="account-display-name"
        label="Display name"
        current={user.displayName}
        onSave={(displayName) => change.mutateAsync(displayName)}
        refusalTitle="Name not saved"
      />
    </AccountSection>
  );
}

function TwoFactorRequired() {
  return (
    <div
      role="note"
      aria-labelledby="two-factor-required"
      className="flex max-w-3xl gap-3 rounded-xl border border-amber-300 border-l-4 border-l-accent bg-amber-50 p-4 sm:p-5"
    >
      <AlertIcon className="mt-0.5 size-6 shrink-0 text-amber-700" />
      <div>
        <h3 id="two-factor-required" className="font-bold text-ink">
          Your business requires two-factor sign-in. Set it up to continue.
        </h3>
        <p className="mt-1 text-sm text-slate-700">
          The rest of the dashboard opens as soon as it is on. You will need an authenticator app on your
          phone, such as Google Authenticator, Microsoft Authenticator or 1Password.
        </p>
      </div>
    </div>
  );
}
