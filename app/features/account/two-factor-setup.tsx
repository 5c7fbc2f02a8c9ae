import { Button } from '#app/components/ui/button.tsx';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { TwoFactorSetup } from '#common/accounts/accounts.ts';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { toast } from '#app/lib/use-toast.ts';
import { messageOf } from '#app/lib/api.ts';
import { SubmitOrCancel } from './submit-or-cancel.tsx';
import { groupedKey } from './account-format.ts';
import { AppCodeField } from './app-code-field.tsx';
import { useEnableTwoFactor, useStartTwoFactorSetup } from './account-queries.ts';
import { appCodeSchema, type AppCodeInput, type AppCodeValues } from './account-schemas.ts';
import { CopyButton } from './copy-button.tsx';
import { QrCode } from './qr-code.tsx';

/** "Set up two-factor sign-in", then the QR code, the key and the code that confirms them. */
export function TwoFactorSetupFlow() {
  const start = useStartTwoFactorSetup();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const startButton = useRef<HTMLButtonElement>(null);
  const cancel = () => {
    setSetup(null);
    // After the panel has gone and the button is back.
    setTimeout(() => startButton.current?.focus(), 0);
  };
  if (setup) {
    return (
      <TwoFactorSetupPanel setup={setup} title="Set up your authenticator app" codeStep="the 6-digit code">
        <ConfirmCodeForm onCancel={cancel} />
      </TwoFactorSetupPanel>
    );
  }
  return (
    <div>
      <Button
        ref={startButton}
        type="button"
        aria-disabled={start.isPending}
        onClick={() => {
          if (start.isPending) return;
          start.mutate(undefined, {
            onSuccess: setSetup,
            onError: (error) =>
              toast({
                variant: 'destructive',
                title: 'Could not start the set-up',
                description: messageOf(error),
              }),
          });
        }}
        variant="primary"
        className="px-5"
      >
        {start.isPending ? 'Starting…' : 'Set up two-factor sign-in'}
      </Button>
    </div>
  );
}

/** The new app's QR code and key, then `children`: the form that confirms it with a code. */
export function TwoFactorSetupPanel({
  setup,
  title,
  codeStep,
  children,
}: {
  setup: TwoFactorSetup;
  title: string;
  /** What step 2 asks for, e.g. "the 6-digit code". */
  codeStep: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const key = groupedKey(setup.secret);
  return (
    <div className="grid gap-5 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5">
      <h4 ref={heading} tabIndex={-1} className="font-bold text-ink focus:outline-none">
        {title}
      </h4>
      <div className="grid gap-5 text-sm text-slate-700">
        <div className="grid gap-3">
          <p>
            <span className="font-semibold text-ink">1. Scan this QR code</span> with an authenticator app on
            your phone, such as Google Authenticator, Microsoft Authenticator or 1Password.
          </p>
          <QrCode
            value={setup.otpauthUrl}
            label="QR code for your authenticator app"
            className="size-48 rounded-lg border border-slate-200 sm:size-56"
          />
        </div>
        <div className="grid gap-2">
          <p>
            <span className="font-semibold text-ink">Can't scan it?</span> Type this key into the app instead.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="rounded-lg border border-slate-200 bg-white px-3 py-2 font-mono text-base font-semibold tracking-wider break-all text-ink select-all">
              {key}
            </code>
            <CopyButton text={setup.secret} label="Copy key" copied="Key copied" />
          </div>
        </div>
        <div>
          <p>
            <span className="font-semibold text-ink">2. Enter {codeStep}</span> the app now shows for this
            account.
          </p>
          {children}
        </div>
      </div>
    </div>
  );
}

function ConfirmCodeForm({ onCancel }: { onCancel: () => void }) {
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AppCodeValues, unknown, AppCodeInput>({
    resolver: schemaResolver<AppCodeValues, AppCodeInput>(appCodeSchema),
    defaultValues: { code: '' },
  });
  const submit = handleSubmit(async ({ code }) => {
    try {
      await enable.mutateAsync({ code });
    } catch (error) {
      showRefusal(error, { fields: ['code'], setError, title: 'Two-factor sign-in not turned on' });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="mt-3 grid max-w-xs gap-3">
      <AppCodeField
        id="two-factor-setup-code"
        label="Code from the app"
        error={errors.code?.message}
        registration={register('code')}
      />
      <SubmitOrCancel
        label="Turn on"
        busyLabel="Checking…"
        busy={isSubmitting}
        variant="dark"
        onCancel={onCancel}
      />
    </form>
  );
}
