import { redirect } from 'react-router';
import { HeroUpload, heroRecommendation } from '#app/features/images/hero-upload.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import { StaffCardPage } from '#app/features/staff/staff-card-page.tsx';
import { useStaffPage } from '#app/features/account/staff-session.ts';
import type { Route } from './+types/update-hero';

/**
 * Staff only, enforced on the server (the staff pages are not rendered without a session): signed-out visitors sign in
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

/** The hero background page: the current picture and a way to change it. */
export default function UpdateHeroPage({ loaderData }: Route.ComponentProps) {
  const user = useStaffPage(loaderData.user);

  if (!user.data) return <Spinner label="Checking your sign-in..." />;
  return (
    <StaffCardPage title="Update Hero Background" lead={heroRecommendation} width="wide">
      <HeroUpload />
    </StaffCardPage>
  );
}
