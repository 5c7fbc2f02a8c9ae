import { useRef } from 'react';
import { useCurrentUser } from '#app/features/account/index.ts';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { messageOf } from '#app/lib/api.ts';
import { StaffAccountCard } from './staff-account-card.tsx';
import { useStaffAccounts } from './staff-queries.ts';

/** Every account: owners first, then by name. */
export function StaffAccountList() {
  const accounts = useStaffAccounts();
  const user = useCurrentUser();
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section aria-labelledby="staff-accounts" className="grid min-w-0 gap-4">
      <div>
        <h2
          id="staff-accounts"
          ref={heading}
          tabIndex={-1}
          className="text-xl font-bold text-ink focus:outline-none"
        >
          Staff accounts
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Everyone who can sign in to this dashboard. A disabled account cannot sign in until it is enabled
          again.
        </p>
      </div>
      {accounts.isPending ? (
        <Spinner label="Loading accounts..." showLabel />
      ) : accounts.data === undefined ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-center text-red-800">
          <p className="font-semibold">Failed to load accounts</p>
          <p className="mt-1 text-sm">{messageOf(accounts.error)}</p>
          <button
            type="button"
            onClick={() => void accounts.refetch()}
            className="mt-3 min-h-10 rounded-lg bg-red-700 px-4 py-2 text-sm font-semibold text-white"
          >
            Try again
          </button>
        </div>
      ) : (
        <ul className="grid gap-3">
          {[...accounts.data]
            .sort((a, b) =>
              a.role === b.role ? a.username.localeCompare(b.username) : a.role === 'owner' ? -1 : 1,
            )
            .map((account) => (
              <li key={account.id}>
                <StaffAccountCard
                  account={account}
                  own={account.id === user.data?.id}
                  onDeleted={() => heading.current?.focus()}
                />
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
