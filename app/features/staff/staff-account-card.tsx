import type { ReactNode } from 'react';
import type { StaffAccount } from '#common/accounts/accounts.ts';
import { staffName } from '#common/accounts/staff-names.ts';
import { formatDay } from '#common/time/formats.ts';
import { lastSignInText, roleText } from './staff-format.ts';
import { StaffAccountActions } from './staff-account-actions.tsx';
import { Fact } from '#app/components/ui/fact.tsx';

function Badge({ tone, children }: { tone: string; children: ReactNode }) {
  return <span className={`rounded-full px-2.5 py-0.5 text-xs font-bold ${tone}`}>{children}</span>;
}

type StaffAccountCardProps = {
  account: StaffAccount;
  /** The signed-in owner's own account: marked, and changed under My account rather than here. */
  own: boolean;
  onDeleted: () => void;
};

/** One account of the Staff section: who, their role and state, and what an owner can change. */
export function StaffAccountCard({ account, own, onDeleted }: StaffAccountCardProps) {
  const headingId = `staff-account-${account.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className={`min-w-0 rounded-xl border border-l-4 border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${
        account.disabled ? 'border-l-slate-400' : account.setUp ? 'border-l-brand' : 'border-l-accent'
      }`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h3 id={headingId} className="min-w-0 text-lg font-bold break-words text-ink">
          {staffName(account)}
          {own && <span className="ml-1.5 text-sm font-semibold text-slate-600">(you)</span>}
        </h3>
        <div className="flex flex-wrap gap-1.5">
          <Badge tone={account.role === 'owner' ? 'bg-ink text-white' : 'bg-slate-100 text-slate-700'}>
            {roleText(account)}
          </Badge>
          {account.disabled ? (
            <Badge tone="bg-red-50 text-red-800">Disabled</Badge>
          ) : (
            <Badge tone="bg-brand-light text-brand-dark">Active</Badge>
          )}
          {!account.setUp && <Badge tone="bg-amber-100 text-amber-900">Waiting for set-up</Badge>}
        </div>
      </div>
      <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {/* The heading names the account by its username when it has no display name. */}
        {account.displayName && <Fact term="Username">{account.username}</Fact>}
        <Fact term="Added">
          <time dateTime={account.createdAt}>{formatDay(account.createdAt)}</time>
        </Fact>
        <Fact term="Last sign-in">
          {account.lastSignInAt ? (
            <time dateTime={account.lastSignInAt}>{lastSignInText(account)}</time>
          ) : (
            lastSignInText(account)
          )}
        </Fact>
        <Fact term="Two-factor">{account.twoFactor ? 'On' : 'Off'}</Fact>
      </dl>
      {own ? (
        <p className="mt-4 text-sm text-slate-600">
          Change your own name, password and two-factor sign-in under My account. Another owner can change
          your role or access.
        </p>
      ) : (
        <StaffAccountActions account={account} onDeleted={onDeleted} />
      )}
    </article>
  );
}
