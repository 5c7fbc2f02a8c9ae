import { redirect } from 'react-router';
import { LoginForm } from '../components/admin/login-form.tsx';
import { useSiteSettings } from '../lib/site-settings.ts';
import { pageMeta } from '../lib/seo.ts';
import { isAdminPath } from '../lib/staff-session.ts';
import type { Route } from './+types/auth';

/** Someone already signed in goes straight to the dashboard (spec section 2), or the page named by ?next=. */
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
  const site = useSiteSettings();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <img src={site.logoDark} alt={site.companyName} className="h-12 w-auto" />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-extrabold text-ink">Admin Login</h1>
          <p className="mt-1 text-sm text-slate-600">Sign in to manage enquiries, visitors and pictures.</p>
          <LoginForm />
        </div>
        <p className="mt-6 text-center text-sm">
          <a href="/" className="font-semibold text-brand-dark underline-offset-4 hover:underline">
            Back to the website
          </a>
        </p>
      </div>
    </main>
  );
}
