import { type ButtonVariant } from '#app/components/ui/button.tsx';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import { twoFactorProofSchema } from '#common/accounts/accounts.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { SubmitOrCancel } from './submit-or-cancel.tsx';

type ProofValues = { password: string; code: string };
type Proof = z.output<typeof twoFactorProofSchema>;

const fields = ['password', 'code'] as const;

/** What a change that needs proof asks and says. */
export type ProofText = {
  form: string;
  explanation: string;
  submit: string;
  submitting: string;
  failed: string;
  submitVariant: ButtonVariant;
};

/**
 * The password and a code (from the app, or a recovery code) before a change of two-factor
 * sign-in, so that an unattended screen cannot make it. The server answers a wrong one without
 * saying which: that message is a toast.
 */
export function ProofForm({
  id,
  text,
  onProof,
  onCancel,
}: {
  id: string;
  text: ProofText;
  onProof: (proof: Proof) => Promise<void>;
  onCancel: () => void;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ProofValues, unknown, Proof>({
    resolver: schemaResolver<ProofValues, Proof>(twoFactorProofSchema),
    defaultValues: { password: '', code: '' },
  });
  useEffect(() => setFocus('password'), [setFocus]);

  const submit = handleSubmit(async (proof) => {
    try {
      await onProof(proof);
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
      <FormField id={`two-factor-${id}-password`} label="Password" error={errors.password?.message}>
        {(control) => (
          <input {...control} {...register('password')} type="password" autoComplete="current-password" />
        )}
      </FormField>
      <FormField
        id={`two-factor-${id}-code`}
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
        variant={text.submitVariant}
        onCancel={onCancel}
      />
    </form>
  );
}
