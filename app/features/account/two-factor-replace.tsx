import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import type { TwoFactorSetup } from '#common/accounts/accounts.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { useEnableTwoFactor, useStartTwoFactorSetup } from './account-queries.ts';
import { AppCodeField } from './app-code-field.tsx';
import { appCode } from './account-schemas.ts';
import { SubmitOrCancel } from './submit-or-cancel.tsx';
import { ProofForm, type ProofText } from './two-factor-proof-form.tsx';
import { TwoFactorSetupPanel } from './two-factor-setup.tsx';

/**
 * "Replace authenticator app": the password and a code of the current app, then the new app's QR
 * code, confirmed by a code from it and a fresh code of the current app (each code works once).
 * Nothing changes until then: the current app and the recovery codes keep working.
 */
export function TwoFactorReplaceFlow({ text, onCancel }: { text: ProofText; onCancel: () => void }) {
  const start = useStartTwoFactorSetup();
  const [started, setStarted] = useState<{ setup: TwoFactorSetup; password: string } | null>(null);
  if (started) {
    return (
      <TwoFactorSetupPanel
        setup={started.setup}
        title="Set up your new authenticator app"
        codeStep="the 6-digit code"
      >
        <ConfirmReplacementForm password={started.password} onCancel={onCancel} />
      </TwoFactorSetupPanel>
    );
  }
  return (
    <ProofForm
      id="replace"
      text={text}
      onCancel={onCancel}
      onProof={async (proof) => {
        setStarted({ setup: await start.mutateAsync(proof), password: proof.password });
      }}
    />
  );
}

const replacementSchema = z.object({
  newCode: appCode,
  code: z.pipe(
    z.transform((value: unknown) => (typeof value === 'string' ? value : '')),
    z.string().check(z.minLength(1, 'Enter a code from your current app, or a recovery code')),
  ),
});
type ReplacementValues = { newCode: string; code: string };
type Replacement = z.output<typeof replacementSchema>;

const fields = ['newCode', 'code'] as const;

function ConfirmReplacementForm({ password, onCancel }: { password: string; onCancel: () => void }) {
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ReplacementValues, unknown, Replacement>({
    resolver: schemaResolver<ReplacementValues, Replacement>(replacementSchema),
    defaultValues: { newCode: '', code: '' },
  });
  const submit = handleSubmit(async ({ newCode, code }) => {
    try {
      await enable.mutateAsync({ password, code, newCode });
    } catch (error) {
      showRefusal(error, { fields, setError, title: 'Authenticator app not replaced' });
    }
  });
  return (
    <form noValidate onSubmit={submit} className="mt-3 grid max-w-sm gap-3">
      <AppCodeField
        id="two-factor-replace-new-code"
        label="Code from the new app"
        error={errors.newCode?.message}
        registration={register('newCode')}
      />
      <FormField
        id="two-factor-replace-current-code"
        label="A new code from your current app, or a recovery code"
        error={errors.code?.message}
      >
        {(control) => (
          <input
            {...control}
            {...register('code')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            className={`${control.className} font-mono`}
          />
        )}
      </FormField>
      <SubmitOrCancel
        label="Use the new app"
        busyLabel="Checking…"
        busy={isSubmitting}
        variant="dark"
        onCancel={onCancel}
      />
    </form>
  );
}
