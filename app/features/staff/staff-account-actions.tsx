import { Button } from '#app/components/ui/button.tsx';
import { useId, useState } from 'react';
import {
  roleLabels,
  staffRoles,
  type SetupLink,
  type StaffAccount,
  type StaffRole,
} from '#common/accounts/accounts.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { TrashIcon } from '#app/components/ui/staff-icons.tsx';
import { SetupLinkField } from './setup-link-field.tsx';
import { DisplayNameForm } from '#app/features/account/index.ts';
import {
  useChangeStaffAccount,
  useDeleteStaffAccount,
  useRenameStaffAccount,
  useResetAccess,
} from './staff-queries.ts';

type StaffAccountActionsProps = {
  account: StaffAccount;
  /** After the deletion: the card is gone, so focus goes elsewhere. */
  onDeleted: () => void;
};

/**
 * Change role, Disable or Enable, Reset access and Delete, the last two after a confirmation.
 * While a change is under way the controls stay focusable (aria-disabled), so focus is not lost.
 */
export function StaffAccountActions({ account, onDeleted }: StaffAccountActionsProps) {
  const id = useId();
  const change = useChangeStaffAccount(account);
  const rename = useRenameStaffAccount(account);
  const reset = useResetAccess(account);
  const remove = useDeleteStaffAccount(account, { onDeleted });
  const [link, setLink] = useState<SetupLink | null>(null);
  const busy = change.isPending || reset.isPending || remove.isPending;
  const name = account.username;

  return (
    <div className="mt-4 grid gap-3">
      <DisplayNameForm
        id={`${id}-display-name`}
        label={`Display name of ${name}`}
        current={account.displayName}
        onSave={(displayName) => rename.mutateAsync(displayName)}
        refusalTitle="Name not saved"
      />
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={`${id}-role`} className="block text-xs font-semibold text-slate-600">
            Role of {name}
          </label>
          <select
            id={`${id}-role`}
            value={change.isPending && change.variables.role ? change.variables.role : account.role}
            aria-disabled={busy}
            onChange={(event) => {
              if (!busy) change.mutate({ role: event.target.value as StaffRole });
            }}
            className="mt-1 min-h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-ink focus:border-brand-dark focus:ring-2 focus:ring-brand/40 focus:outline-none aria-disabled:opacity-60"
          >
            {staffRoles.map((role) => (
              <option key={role} value={role}>
                {roleLabels[role]}
              </option>
            ))}
          </select>
        </div>
        <Button
          type="button"
          aria-disabled={busy}
          onClick={() => {
            if (!busy) change.mutate({ disabled: !account.disabled });
          }}
          variant="outline"
        >
          {account.disabled ? 'Enable' : 'Disable'}
          <span className="sr-only"> {name}</span>
        </Button>
        <ConfirmDialog
          trigger={
            <Button type="button" aria-disabled={busy} variant="outline">
              Reset access<span className="sr-only"> of {name}</span>
            </Button>
          }
          title="Reset access"
          description={`Reset ${name}'s access? They are signed out everywhere at once, and their password and two-factor sign-in are cleared.`}
          confirmLabel="Reset access"
          destructive
          onConfirm={() => {
            if (!busy) reset.mutate(undefined, { onSuccess: setLink });
          }}
        >
          <p className="mt-3 text-sm text-slate-600">
            You get a new one-time set-up link to send them; until they use it, they cannot sign in.
          </p>
        </ConfirmDialog>
        <ConfirmDialog
          trigger={
            <Button type="button" aria-disabled={busy} variant="danger" className="sm:ml-auto">
              <TrashIcon className="size-4" />
              Delete<span className="sr-only"> {name}</span>
            </Button>
          }
          title="Delete account"
          description={`Delete ${name}'s account? They will no longer be able to sign in, and this cannot be undone.`}
          confirmLabel="Delete account"
          destructive
          onConfirm={() => {
            if (!busy) remove.mutate();
          }}
        >
          <p className="mt-3 text-sm text-slate-600">
            Their name stays on the notes and history they left, and in the activity log.
          </p>
        </ConfirmDialog>
      </div>
      {link && <SetupLinkField link={link} username={name} />}
    </div>
  );
}
