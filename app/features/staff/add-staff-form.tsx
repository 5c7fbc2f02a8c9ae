import { Button } from '#app/components/ui/button.tsx';
import { useRef, useState, type FormEvent } from 'react';
import * as z from 'zod/mini';
import {
  newAccountSchema,
  roleLabels,
  staffRoles,
  type NewStaffAccount,
  type StaffRole,
} from '#common/accounts/accounts.ts';
import { ApiError, messageOf } from '#app/lib/api.ts';
import { toast } from '#app/lib/use-toast.ts';
import { FormField } from '#app/components/ui/form-field.tsx';
import { SetupLinkField } from './setup-link-field.tsx';
import { useAddStaffAccount } from './staff-queries.ts';

type FieldErrors = { username?: string; role?: string };

/** The first message of each field, from the browser's check or the server's answer. */
function firstErrors(errors: Partial<Record<string, string[]>> | undefined): FieldErrors {
  return { username: errors?.username?.[0], role: errors?.role?.[0] };
}

/**
 * "Add a member of staff": a username and a role. The answer's one-time set-up link is shown
 * below until the next account is added; the person chooses their own password with it.
 */
export function AddStaffForm() {
  const add = useAddStaffAccount();
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<StaffRole>('staff');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [added, setAdded] = useState<NewStaffAccount | null>(null);
  const usernameInput = useRef<HTMLInputElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = z.safeParse(newAccountSchema, { username, role });
    if (!parsed.success) {
      setErrors(firstErrors(z.flattenError(parsed.error).fieldErrors));
      usernameInput.current?.focus();
      return;
    }
    setErrors({});
    setAdded(null);
    add.mutate(parsed.data, {
      onSuccess: (account) => {
        setAdded(account);
        setUsername('');
        setRole('staff');
        toast({ title: 'Account added', description: `Send ${account.username} their set-up link.` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fieldErrors) {
          setErrors(firstErrors(error.fieldErrors));
          usernameInput.current?.focus();
        } else {
          toast({ variant: 'destructive', title: 'Adding failed', description: messageOf(error) });
        }
      },
    });
  }

  return (
    <div className="grid max-w-2xl gap-4">
      <form
        noValidate
        onSubmit={submit}
        aria-label="Add a member of staff"
        className="grid gap-4 sm:grid-cols-[1fr_10rem_auto] sm:items-start"
      >
        <FormField id="new-account-username" label="Username" required error={errors.username}>
          {(control) => (
            <input
              {...control}
              ref={usernameInput}
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
          )}
        </FormField>
        <FormField id="new-account-role" label="Role" error={errors.role}>
          {(control) => (
            <select {...control} value={role} onChange={(event) => setRole(event.target.value as StaffRole)}>
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
          aria-disabled={add.isPending}
          variant="primary"
          className="min-h-11 justify-center px-5 sm:mt-7"
        >
          {add.isPending ? 'Adding…' : 'Add account'}
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
