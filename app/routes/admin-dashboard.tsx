import { redirect, useNavigate } from 'react-router';
import { DashboardHeader } from '#app/features/dashboard/dashboard-header.tsx';
import { DashboardSections } from '#app/features/dashboard/dashboard-sections.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { useStaffPage } from '#app/features/account/staff-session.ts';
import type { Route } from './+types/admin-dashboard';

/** Signed-out visitors are sent to /auth before anything of the dashboard is sent. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = await context.staff.currentUser();
  if (!user) throw redirect('/auth');
  // A fitter's place is My jobs; of the dashboard they have their own account only.
  if (user.role === 'fitter' && params.section !== 'account') throw redirect('/admin/jobs');
  return { user };
}

/** Switching tabs changes only the address; the signed-in user is the query's business. */
export const shouldRevalidate = () => false;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, {
    path: location.pathname,
    title: 'Admin Dashboard',
    description: 'Staff dashboard.',
    noindex: true,
  });

export default function AdminDashboard({ loaderData, params }: Route.ComponentProps) {
  const user = useStaffPage(loaderData.user);
  const navigate = useNavigate();

  if (!user.data) return <Spinner label="Checking your sign-in..." />;
  return (
    <>
      <DashboardHeader user={user.data} />
      <main className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8">
        <DashboardSections
          user={user.data}
          section={params.section}
          onSectionChange={(value) =>
            void navigate(`/admin/dashboard/${value}`, { replace: true, preventScrollReset: true })
          }
        />
      </main>
    </>
  );
}
