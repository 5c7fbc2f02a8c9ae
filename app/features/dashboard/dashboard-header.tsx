import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { StaffUser } from '#common/auth/auth.ts';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import { logOut } from '#app/features/account/index.ts';
import { toast } from '#app/lib/use-toast.ts';

/** Logo, title, who is signed in, and Logout, at the top of the dashboard and of My jobs. */
export function DashboardHeader({
  user,
  title = 'Admin Dashboard',
  links,
  onSignedOut,
}: {
  user: StaffUser;
  title?: string;
  /** Links beside the logout button (My jobs' link to the account page). */
  links?: React.ReactNode;
  /** What else goes at sign-out, once the session has ended (the days My jobs kept). */
  onSignedOut?: () => Promise<void>;
}) {
  const site = useSiteSettings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);

  async function onLogout() {
    setLeaving(true);
    try {
      await logOut(queryClient, async () => {
        await onSignedOut?.().catch(() => undefined);
        toast({ title: 'Logged out', description: 'You have been signed out.' });
        await navigate('/');
      });
    } catch (error) {
      setLeaving(false);
      toast({
        variant: 'destructive',
        title: 'Logout failed',
        description: error instanceof Error ? error.message : 'Please try again.',
      });
    }
  }

  return (
    <header className="border-b border-white/10 bg-ink text-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-3 px-4 py-3 sm:px-6">
        <div className="flex min-w-0 items-center gap-3">
          <a href="/" aria-label={`${site.companyName} website`} className="shrink-0">
            <img src="/brand/mark.svg" alt="" width={36} height={36} className="size-9" />
          </a>
          <h1 className="truncate font-heading text-lg font-extrabold sm:text-xl">{title}</h1>
        </div>
        <div className="flex items-center gap-3 text-sm">
          {links}
          <p className="text-slate-300">
            Logged in as <span className="font-semibold text-white">{user.username}</span>
          </p>
          <button
            type="button"
            onClick={onLogout}
            disabled={leaving}
            className="rounded-lg border border-white/30 px-3 py-1.5 font-semibold transition hover:bg-white hover:text-ink disabled:opacity-60"
          >
            Logout
          </button>
        </div>
      </div>
    </header>
  );
}
