import { redirect } from 'react-router';
import { HeroUpload, heroRecommendation } from '../components/admin/hero-upload.tsx';
import { Spinner } from '../components/ui/spinner.tsx';
import { pageMeta } from '../lib/seo.ts';
import { useSiteSettings } from '../lib/site-settings.ts';
import { useStaffPage } from '../lib/staff-session.ts';
import type { Route } from './+types/update-hero';

/**
 * Staff only, enforced on the server (DESIGN.md, security model): signed-out visitors sign in
 * first, and come back here afterwards.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await context.staff.currentUser();
  if (!user) throw redirect('/auth?next=/update-hero');
  return { user };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    path: '/update-hero',
    title: 'Update Hero Background',
    description: 'Staff page for changing the background picture of the home page.',
    noindex: true,
  });

/** The hero background page (spec section 2): the current picture and a way to change it. */
export default function UpdateHeroPage({ loaderData }: Route.ComponentProps) {
  const user = useStaffPage(loaderData.user);
  const site = useSiteSettings();

  if (!user.data) return <Spinner label="Checking your sign-in..." />;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-xl">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <img src={site.logoDark} alt={site.companyName} className="h-12 w-auto" />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-extrabold text-ink">Update Hero Background</h1>
          <p className="mt-1 text-sm text-slate-600">{heroRecommendation}</p>
          <HeroUpload />
        </div>
      </div>
    </main>
  );
}
