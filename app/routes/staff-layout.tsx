import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import ToastViewport from '#app/components/ui/toast-viewport.tsx';
import { createQueryClient } from '#app/lib/query-client.ts';
import { resumeReadsAfterSignOut } from '#app/features/account/staff-session.ts';
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
        <Outlet />
      </div>
      {/* Loaded with the page, not on demand: the toast after sign-in has only 500 ms to show. */}
      <ToastViewport />
    </QueryClientProvider>
  );
}
