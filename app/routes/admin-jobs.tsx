import { useEffect } from 'react';
import { redirect } from 'react-router';
import { DashboardHeader } from '#app/features/dashboard/dashboard-header.tsx';
import { useStaffPage } from '#app/features/account/staff-session.ts';
import { forgetKeptDays, JobsPage, keepJobsPageOnPhone } from '#app/features/jobs/phone/index.ts';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/admin-jobs';

/** My jobs is a fitter's page; the office has the day in the dashboard's Jobs section. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await context.staff.currentUser();
  if (!user) throw redirect('/auth?next=/admin/jobs');
  if (user.role !== 'fitter') throw redirect('/admin/dashboard/jobs');
  return { user };
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

export default function AdminJobs({ loaderData }: Route.ComponentProps) {
  const user = useStaffPage(loaderData.user);
  useEffect(keepJobsPageOnPhone, []);
  if (!user.data) return <Spinner label="Checking your sign-in..." />;
  return (
    <>
      <DashboardHeader
        user={user.data}
        title="My jobs"
        onSignedOut={forgetKeptDays}
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
