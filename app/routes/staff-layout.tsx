import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import ToastViewport from '#app/components/ui/toast-viewport.tsx';
import { createQueryClient } from '#app/lib/query-client.ts';
import { resumeReadsAfterSignOut, useSignOutOwed } from '#app/features/account/staff-session.ts';
import { StaffCardPage } from '#app/features/staff/staff-card-page.tsx';
import { DatabaseUnreachableBanner } from '#app/features/dashboard/database-banner.tsx';
import { RouteErrorPage } from '#app/features/site-layout/route-error-page.tsx';

/** An error under this frame, with the phone number and e-mail of the site's settings. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return <RouteErrorPage error={error} />;
}

/** The staff pages' frame: their own query cache and the toasts, without the public header and footer. */
export default function StaffLayout() {
  const [queryClient] = useState(createQueryClient);
  useEffect(() => resumeReadsAfterSignOut, []);
  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-screen bg-slate-50">
        <DatabaseUnreachableBanner />
        <StaffPages />
      </div>
      {/* Loaded with the page, not on demand: the toast after sign-in has only 500 ms to show. */}
      <ToastViewport />
    </QueryClientProvider>
  );
}

/**
 * The staff pages, or, after a logout made without signal, only that you are logged out until
 * the server has been told (the session's cookie is still in the browser until then).
 */
function StaffPages() {
  const owed = useSignOutOwed();
  if (!owed) return <Outlet />;
  return (
    <StaffCardPage title="Logged out" lead="Your jobs are no longer on this phone." width="narrow">
      <p role="status" className="mt-4 text-sm text-slate-700">
        There is no signal. The office system is told you have logged out as soon as it returns.
      </p>
    </StaffCardPage>
  );
}
