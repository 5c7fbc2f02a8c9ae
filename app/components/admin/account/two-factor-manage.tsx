import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { twoFactorProofSchema } from '#common/accounts.ts';
import { FormField } from '../../ui/form-field.tsx';
import { showRefusal } from '../show-refusal.ts';
import { SubmitOrCancel } from './submit-or-cancel.tsx';
import { actionClass } from '../enquiry-format.ts';
import { useDisableTwoFactor, useRenewRecoveryCodes } from './account-queries.ts';

type ProofValues = { password: string; code: string };
type Proof = z.output<typeof twoFactorProofSchema>;

const fields = ['password', 'code'] as const;

type Change = 'renew' | 'turn-off';

/** What each change asks and says. */
const changes = {
  renew: {
    form: 'New recovery codes',
    explanation:
      'To get ten new recovery codes, enter your password and a code from your authenticator app (or a recovery code). The old ones stop working at once.',
    submit: 'Get new recovery codes',
    submitting: 'Making codes…',
    failed: 'No new recovery codes',
    submitClass: 'bg-ink text-white hover:bg-slate-700',
  },
  'turn-off': {
    form: 'Turn off two-factor sign-in',
    explanation:
      'To turn two-factor sign-in off, enter your password and a code from your authenticator app (or a recovery code). Signing in will then need only your password.',
    submit: 'Turn off two-factor sign-in',
    submitting: 'Turning off…',
    failed: 'Two-factor sign-in not turned off',
    submitClass: 'bg-red-700 text-white hover:bg-red-800',
  },
} as const;

/**
 * With two-factor sign-in on: new recovery codes, or turning it off. Each asks for the password and
 * a code first, so that an unattended screen can do neither.
 */
export function TwoFactorManage({ onTurnedOff }: { onTurnedOff: () => void }) {
  const [asking, setAsking] = useState<Change | null>(null);
  const renewButton = useRef<HTMLButtonElement>(null);
  const turnOffButton = useRef<HTMLButtonElement>(null);
  if (asking) {
    return (
      <ProofForm
        change={asking}
        onCancel={() => {
          setAsking(null);
          setTimeout(() => (asking === 'renew' ? renewButton : turnOffButton).current?.focus(), 0);
        }}
        onDone={asking === 'turn-off' ? onTurnedOff : () => {}}
      />
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <button
        ref={renewButton}
        type="button"
        onClick={() => setAsking('renew')}
        className={`${actionClass} border border-slate-300 bg-white text-ink hover:bg-slate-100`}
      >
        New recovery codes
      </button>
      <button
        ref={turnOffButton}
        type="button"
        onClick={() => setAsking('turn-off')}
        className={`${actionClass} border border-red-700 bg-white text-red-700 hover:bg-red-50`}
      >
        Turn off
      </button>
    </div>
  );
}

function ProofForm({
  change,
  onCancel,
  onDone,
}: {
  change: Change;
  onCancel: () => void;
  onDone: () => void;
}) {
  const disable = useDisableTwoFactor();
  const renew = useRenewRecoveryCodes();
  const text = changes[change];
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ProofValues, unknown, Proof>({
    resolver: zodResolver(twoFactorProofSchema) as unknown as Resolver<ProofValues, unknown, Proof>,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', code: '' },
  });
  useEffect(() => setFocus('password'), [setFocus]);

  const submit = handleSubmit(async (proof) => {
    try {
      await (change === 'renew' ? renew : disable).mutateAsync(proof);
      onDone();
    } catch (error) {
      showRefusal(error, { fields, setError, title: text.failed });
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={text.form}
      className="grid max-w-md gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <p className="text-sm text-slate-700">{text.explanation}</p>
      <FormField id={`two-factor-${change}-password`} label="Password" error={errors.password?.message}>
        {(control) => (
          <input {...control} {...register('password')} type="password" autoComplete="current-password" />
        )}
      </FormField>
      <FormField
        id={`two-factor-${change}-code`}
        label="Code from the app, or a recovery code"
        error={errors.code?.message}
      >
        {(control) => (
          <input
            {...control}
            {...register('code')}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            className={`${control.className} font-mono`}
          />
        )}
      </FormField>
      <SubmitOrCancel
        label={text.submit}
        busyLabel={text.submitting}
        busy={isSubmitting}
        tone={text.submitClass}
        onCancel={onCancel}
      />
    </form>
  );
}
