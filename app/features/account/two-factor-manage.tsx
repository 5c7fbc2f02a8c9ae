import { Button, type ButtonVariant } from '#app/components/ui/button.tsx';
import { useRef, useState } from 'react';
import { useDisableTwoFactor, useRenewRecoveryCodes } from './account-queries.ts';
import { ProofForm, type ProofText } from './two-factor-proof-form.tsx';
import { TwoFactorReplaceFlow } from './two-factor-replace.tsx';

type Change = 'renew' | 'replace' | 'turn-off';

/** What each change asks and says. */
const changes: Record<Change, ProofText> = {
  renew: {
    form: 'New recovery codes',
    explanation:
      'To get ten new recovery codes, enter your password and a code from your authenticator app (or a recovery code). The old ones stop working at once.',
    submit: 'Get new recovery codes',
    submitting: 'Making codes…',
    failed: 'No new recovery codes',
    submitVariant: 'dark',
  },
  replace: {
    form: 'Replace authenticator app',
    explanation:
      'To move two-factor sign-in to a new app or phone, enter your password and a code from your current authenticator app (or a recovery code). The current app and your recovery codes keep working until the new app is confirmed.',
    submit: 'Continue',
    submitting: 'Checking…',
    failed: 'Authenticator app not replaced',
    submitVariant: 'dark',
  },
  'turn-off': {
    form: 'Turn off two-factor sign-in',
    explanation:
      'To turn two-factor sign-in off, enter your password and a code from your authenticator app (or a recovery code). Signing in will then need only your password.',
    submit: 'Turn off two-factor sign-in',
    submitting: 'Turning off…',
    failed: 'Two-factor sign-in not turned off',
    submitVariant: 'danger-solid',
  },
};

const buttons: { change: Change; label: string; variant: ButtonVariant }[] = [
  { change: 'renew', label: 'New recovery codes', variant: 'outline' },
  {
    change: 'replace',
    label: 'Replace authenticator app',
    variant: 'outline',
  },
  { change: 'turn-off', label: 'Turn off', variant: 'danger-outline' },
];

/**
 * With two-factor sign-in on: new recovery codes, a new authenticator app, or turning it off. Each
 * asks for the password and a code first, so that an unattended screen can do none of them.
 */
export function TwoFactorManage({ onTurnedOff }: { onTurnedOff: () => void }) {
  const [asking, setAsking] = useState<Change | null>(null);
  const buttonRefs = useRef<Partial<Record<Change, HTMLButtonElement | null>>>({});
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  if (asking) {
    const cancel = () => {
      setAsking(null);
      // After the form has gone and the button is back.
      setTimeout(() => buttonRefs.current[asking]?.focus(), 0);
    };
    if (asking === 'replace') return <TwoFactorReplaceFlow text={changes.replace} onCancel={cancel} />;
    return (
      <ProofForm
        id={asking}
        text={changes[asking]}
        onCancel={cancel}
        onProof={async (proof) => {
          if (asking === 'renew') {
            await renew.mutateAsync(proof);
          } else {
            await disable.mutateAsync(proof);
            onTurnedOff();
          }
        }}
      />
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {buttons.map(({ change, label, variant }) => (
        <Button
          key={change}
          ref={(button) => {
            buttonRefs.current[change] = button;
          }}
          type="button"
          onClick={() => setAsking(change)}
          variant={variant}
        >
          {label}
        </Button>
      ))}
    </div>
  );
}
