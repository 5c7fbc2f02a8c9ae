import { useRef } from 'react';
import type { StaffUser } from '#common/auth/auth.ts';
import { AccountSection } from './account-section.tsx';
import { useNewRecoveryCodes } from './account-queries.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { TwoFactorManage } from './two-factor-manage.tsx';
import { TwoFactorSetupFlow } from './two-factor-setup.tsx';

function StatusBadge({ on }: { on: boolean }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${
        on ? 'bg-brand-light text-brand-dark' : 'bg-amber-100 text-amber-900'
      }`}
    >
      <span className="sr-only">Status: </span>
      {on ? 'On' : 'Off'}
    </span>
  );
}

/** "Two-factor sign-in": whether it is on, the way to turn it on (with its recovery codes), new recovery codes, and turning it off. */
export function TwoFactorSection({ user }: { user: StaffUser }) {
  const recovery = useNewRecoveryCodes();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <AccountSection
      id="account-two-factor"
      title="Two-factor sign-in"
      aside={<StatusBadge on={user.twoFactor} />}
      headingRef={heading}
      lead="Each time you sign in, a code from an app on your phone as well as your password: someone who learns your password still cannot get in."
    >
      {recovery.codes ? (
        <RecoveryCodes
          username={user.username}
          codes={recovery.codes}
          onSaved={() => {
            recovery.forget();
            heading.current?.focus();
          }}
        />
      ) : user.twoFactor ? (
        <TwoFactorManage onTurnedOff={() => heading.current?.focus()} />
      ) : (
        <TwoFactorSetupFlow />
      )}
    </AccountSection>
  );
}
