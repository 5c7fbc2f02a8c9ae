import { Button } from '#app/components/ui/button.tsx';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type * as z from 'zod/mini';
import {
  newAccountSchema,
  roleLabels,
  staffRoles,
  type NewStaffAccount,
  type StaffRole,
} from '#common/accounts/accounts.ts';
import { toast } from '#app/lib/use-toast.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { schemaResolver } from '#app/components/ui/form-resolver.ts';
import { showRefusal } from '#app/components/ui/show-refusal.ts';
import { SetupLinkField } from './setup-link-field.tsx';
import { useAddStaffAccount } from './staff-queries.ts';

type NewAccountValues = { username: string; displayName: string; role: StaffRole };
type NewAccount = z.output<typeof newAccountSchema>;

const fields = ['username', 'displayName', 'role'] as const;
const noAccount: NewAccountValues = { username: '', displayName: '', role: 'staff' };

/**
 * "Add a member of staff": a username, the name they go by (optional) and a role, checked by the API's rules. The answer's
 * one-time set-up link is shown below until the next account is added; the person chooses their
 * own password with it.
 */
export function AddStaffForm() {
  const add = useAddStaffAccount();
  const [added, setAdded] = useState<NewStaffAccount | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<NewAccountValues, unknown, NewAccount>({
    resolver: schemaResolver<NewAccountValues, NewAccount>(newAccountSchema),
    defaultValues: noAccount,
  });

  const submit = handleSubmit(async (account) => {
    setAdded(null);
    try {
      const created = await add.mutateAsync({ ...account, displayName: account.displayName ?? null });
      setAdded(created);
      reset(noAccount);
      toast({ title: 'Account added', description: `Send ${created.username} their set-up link.` });
    } catch (error) {
      showRefusal(error, { fields, setError, title: 'Adding failed' });
    }
  });
  const send = (event: FormEvent<HTMLFormElement>) => {
    // The button stays focusable while adding (aria-disabled): a second press does nothing.
    if (isSubmitting) event.preventDefault();
    else void submit(event);
  };

  return (
    <div className="grid max-w-3xl gap-4">
      <form
        noValidate
        onSubmit={send}
        aria-label="Add a member of staff"
        className="grid gap-4 sm:grid-cols-[1fr_1fr_10rem_auto] sm:items-start"
      >
        <FormField id="new-account-username" label="Username" required error={errors.username?.message}>
          {(control) => (
            <input
              {...control}
              {...register('username')}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField id="new-account-display-name" label="Display name" error={errors.displayName?.message}>
          {(control) => (
            <input
              {...control}
              {...register('displayName')}
              autoComplete="off"
              placeholder="e.g. Dave Smith"
            />
          )}
        </FormField>
        <FormField id="new-account-role" label="Role" error={errors.role?.message}>
          {(control) => (
            <select {...control} {...register('role')}>
              {staffRoles.map((value) => (
                <option key={value} value={value}>
                  {roleLabels[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <Button
          type="submit"
          aria-disabled={isSubmitting}
          variant="primary"
          className="min-h-11 justify-center px-5 sm:mt-7"
        >
          {isSubmitting ? 'Adding…' : 'Add account'}
        </Button>
      </form>
      <p className="text-sm text-slate-600">
        An owner can do everything, including this section and the activity log; staff can do everything else.
        Nobody chooses a password for someone else: the new account comes with a link for that.
      </p>
      {added && <SetupLinkField link={added} username={added.username} />}
    </div>
  );
}
