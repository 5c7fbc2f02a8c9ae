import { useEffect } from 'react';
import { redirect } from 'react-router';
import { LoginForm } from '#app/features/account/login-form.tsx';
import { forgetEndedSession, isAdminPath } from '#app/features/account/staff-session.ts';
import { StaffCardPage } from '#app/features/staff/staff-card-page.tsx';
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
    title: 'Admin Login',
    description: 'Sign-in for staff.',
    noindex: true,
  });

export default function AuthPage() {
  // Whoever comes to sign in is signed out (the loader sends anyone else on): anything the device
  // still keeps of an earlier sign-in, one that expired while the phone was put away, goes.
  useEffect(() => void forgetEndedSession(), []);
  return (
    <StaffCardPage
      title="Admin Login"
      lead="Sign in to manage enquiries, visitors and pictures."
      width="narrow"
      after={
        <p className="mt-6 text-center text-sm">
          <a href="/" className="font-semibold text-brand-dark underline-offset-4 hover:underline">
            Back to the website
          </a>
        </p>
      }
    >
      <LoginForm />
    </StaffCardPage>
  );
}
