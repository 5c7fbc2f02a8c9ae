import { setupLinkInvalidMessage } from '#common/accounts/accounts.ts';
import { ApiError, messageOf } from '#app/lib/api.ts';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { StaffCardPage } from '#app/features/staff/index.ts';
import { formatDateTime } from '#common/time/formats.ts';
import { AccountSetupForm } from './account-setup-form.tsx';
import { useAccountSetupInfo } from './account-setup-queries.ts';

const title = 'Set up your account';

const linkClass = 'font-semibold text-brand-dark underline-offset-4 hover:underline';

/**
 * The page a set-up link opens: whose account and until when, then the new password. A link that
 * has expired or been used says so, with the way to sign in.
 */
export function AccountSetupPanel({ token }: { token: string }) {
  const info = useAccountSetupInfo(token);

  if (info.isPending) {
    return (
      <StaffCardPage title={title} lead="Checking your link..." width="narrow">
        <Spinner label="Checking your set-up link..." />
      </StaffCardPage>
    );
  }
  if (info.isError) {
    const invalid = info.error instanceof ApiError && info.error.status === 404;
    return (
      <StaffCardPage
        title={title}
        lead={invalid ? 'This link no longer works.' : 'Your link could not be checked.'}
        width="narrow"
      >
        <div
          role="alert"
          className="mt-6 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800"
        >
          {invalid ? setupLinkInvalidMessage : messageOf(info.error)}
        </div>
        <p className="mt-6 text-sm">
          {invalid ? (
            <a href="/auth" className={linkClass}>
              Go to the sign-in page
            </a>
          ) : (
            <button type="button" onClick={() => void info.refetch()} className={linkClass}>
              Try again
            </button>
          )}
        </p>
      </StaffCardPage>
    );
  }
  const { username, expiresAt } = info.data;
  return (
    <StaffCardPage
      title={title}
      lead={
        <>
          for <span className="font-semibold text-ink">{username}</span>. Choose your password to sign in.
          This link works once, until <time dateTime={expiresAt}>{formatDateTime(expiresAt)}</time>.
        </>
      }
      width="narrow"
    >
      <AccountSetupForm token={token} username={username} />
    </StaffCardPage>
  );
}
