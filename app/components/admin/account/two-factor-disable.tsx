import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type * as z from 'zod/mini';
import { twoFactorDisableSchema } from '#common/accounts.ts';
import { ApiError } from '../../../lib/api.ts';
import { toast } from '../../../lib/use-toast.ts';
import { FormField } from '../../ui/form-field.tsx';
import { actionClass, messageOf } from '../enquiry-format.ts';
import { useDisableTwoFactor } from './account-queries.ts';

type DisableValues = { password: string; code: string };
type DisableInput = z.output<typeof twoFactorDisableSchema>;

const fields = ['password', 'code'] as const;

/** "Turn off": asks for the password and a code first, so that an unattended screen cannot do it. */
export function TwoFactorDisable({ onTurnedOff }: { onTurnedOff: () => void }) {
  const [asking, setAsking] = useState(false);
  const turnOffButton = useRef<HTMLButtonElement>(null);
  if (asking) {
    return (
      <DisableForm
        onCancel={() => {
          setAsking(false);
          setTimeout(() => turnOffButton.current?.focus(), 0);
        }}
        onTurnedOff={onTurnedOff}
      />
    );
  }
  return (
    <div>
      <button
        ref={turnOffButton}
        type="button"
        onClick={() => setAsking(true)}
        className={`${actionClass} border border-red-700 bg-white text-red-700 hover:bg-red-50`}
      >
        Turn off
      </button>
    </div>
  );
}

function DisableForm({ onCancel, onTurnedOff }: { onCancel: () => void; onTurnedOff: () => void }) {
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<DisableValues, unknown, DisableInput>({
    resolver: zodResolver(twoFactorDisableSchema) as unknown as Resolver<
      DisableValues,
      unknown,
      DisableInput
    >,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { password: '', code: '' },
  });
  useEffect(() => setFocus('password'), [setFocus]);

  const submit = handleSubmit(async (proof) => {
    try {
      await disable.mutateAsync(proof);
      onTurnedOff();
    } catch (error) {
      const fieldErrors = error instanceof ApiError ? (error.fieldErrors ?? {}) : {};
      const wrong = fields.filter((field) => fieldErrors[field]?.[0]);
      wrong.forEach((field, index) =>
        setError(field, { message: fieldErrors[field]?.[0] }, { shouldFocus: index === 0 }),
      );
      if (wrong.length === 0) {
        toast({
          variant: 'destructive',
          title: 'Two-factor sign-in not turned off',
          description: messageOf(error),
        });
      }
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label="Turn off two-factor sign-in"
      className="grid max-w-md gap-4 rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-5"
    >
      <p className="text-sm text-slate-700">
        To turn two-factor sign-in off, enter your password and a code from your authenticator app (or a
        recovery code). Signing in will then need only your password.
      </p>
      <FormField id="two-factor-disable-password" label="Password" error={errors.password?.message}>
        {(control) => (
          <input {...control} {...register('password')} type="password" autoComplete="current-password" />
        )}
      </FormField>
      <FormField
        id="two-factor-disable-code"
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
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={isSubmitting}
          className={`${actionClass} bg-red-700 px-5 text-white hover:bg-red-800 disabled:opacity-60`}
        >
          {isSubmitting ? 'Turning off…' : 'Turn off two-factor sign-in'}
        </button>
        <button
          type="button"
          onClick={onCancel}
          className={`${actionClass} border border-slate-300 bg-white text-ink hover:bg-slate-100`}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}
