import { useEffect } from 'react';
import { redirect } from 'react-router';
import { DashboardHeader } from '#app/features/dashboard/dashboard-header.tsx';
import { useStaffPage } from '#app/features/account/staff-session.ts';
import { JobsPage, keepJobsPageOnPhone } from '#app/features/jobs/phone/index.ts';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { useHydrated } from '#app/lib/hydration.ts';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/admin-jobs';

/** My jobs is a fitter's page; the office has the day in the dashboard's Jobs section. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await context.staff.currentUser();
  if (!user) throw redirect('/auth?next=/admin/jobs');
  if (user.role !== 'fitter') throw redirect('/admin/dashboard/jobs');
  // Nothing of the fitter: the service worker keeps this page on the phone, where the next person
  // to open it may be someone else.
  return null;
}

export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, {
    path: location.pathname,
    title: 'My jobs',
    description: 'The fitter’s day.',
    noindex: true,
  });

/** Installable, and kept on the phone by its service worker (public/jobs-sw.js). */
export const links: Route.LinksFunction = () => [
  { rel: 'manifest', href: '/jobs.webmanifest' },
  { rel: 'apple-touch-icon', href: '/brand/app-icon-192.png' },
];

/** The fitter comes from GET /api/user, or from the phone's stored user without signal. */
export default function AdminJobs() {
  const user = useStaffPage();
  const hydrated = useHydrated();
  useEffect(keepJobsPageOnPhone, []);
  // The page's HTML names no one; the stored user is read once it has hydrated.
  if (!hydrated || !user.data) return <Spinner label="Checking your sign-in..." />;
  return (
    <>
      <DashboardHeader
        user={user.data}
        title="My jobs"
        links={
          <a
            href="/admin/dashboard/account"
            className="font-semibold text-white underline-offset-4 hover:underline"
          >
            My account
          </a>
        }
      />
      <JobsPage user={user.data} />
    </>
  );
}
