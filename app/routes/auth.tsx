import { useEffect } from 'react';
import { redirect } from 'react-router';
import { SignInPage, signInTitle } from '#app/features/account/sign-in-page.tsx';
import { forgetEndedSession, isAdminPath } from '#app/features/account/staff-session.ts';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/auth';

/** Someone already signed in goes straight to the dashboard, or the page named by ?next=. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (await context.staff.currentUser()) {
    const next = new URL(request.url).searchParams.get('next');
    throw redirect(isAdminPath(next) ? next : '/admin/dashboard');
  }
  return null;
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    path: '/auth',
    title: signInTitle,
    description: 'Sign-in for the business’s owners, staff and fitters.',
    noindex: true,
  });

export default function AuthPage() {
  // Whoever comes to sign in is signed out (the loader sends anyone else on): anything the device
  // still keeps of an earlier sign-in, one that expired while the phone was put away, goes.
  useEffect(() => void forgetEndedSession(), []);
  return <SignInPage />;
}
