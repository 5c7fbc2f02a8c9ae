import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { StaffUser } from '#common/auth/auth.ts';
import { staffName } from '#common/accounts/staff-names.ts';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import { logOut } from '#app/features/account/index.ts';
import { actionsOnPhone, discardActionsOnPhone, UnsentAtSignOut } from '#app/features/jobs/phone/index.ts';
import { toast } from '#app/lib/use-toast.ts';

/** Logo, title, who is signed in, and Logout, at the top of the dashboard and of My jobs. */
export function DashboardHeader({
  user,
  title = 'Admin Dashboard',
  links,
}: {
  user: StaffUser;
  title?: string;
  /** Links beside the logout button (My jobs' link to the account page). */
  links?: React.ReactNode;
}) {
  const site = useSiteSettings();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  /** Actions found on the phone at Logout, which the fitter sends or discards first. */
  const [unsent, setUnsent] = useState(0);

  async function onLogout({ discard }: { discard: boolean }) {
    setLeaving(true);
    try {
      if (discard) await discardActionsOnPhone(user.id);
      else {
        // Only fitters keep actions on a phone (My jobs).
        const found = user.role === 'fitter' ? await actionsOnPhone(user.id).catch(() => 0) : 0;
        if (found > 0) {
          setUnsent(found);
          setLeaving(false);
          return;
        }
      }
      await logOut(queryClient, async (outcome) => {
        toast({ title: 'Logged out', description: 'You have been signed out.' });
        // Without signal the staff pages stay, saying so, until the server has heard.
        if (outcome === 'ended') await navigate('/');
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
            Logged in as <span className="font-semibold text-white">{staffName(user)}</span>
          </p>
          <button
            type="button"
            onClick={() => void onLogout({ discard: false })}
            disabled={leaving}
            className="rounded-lg border border-white/30 px-3 py-1.5 font-semibold transition hover:bg-white hover:text-ink disabled:opacity-60"
          >
            Logout
          </button>
        </div>
        {unsent > 0 && (
          <UnsentAtSignOut
            // Logout pressed again counts afresh.
            key={unsent}
            userId={user.id}
            count={unsent}
            busy={leaving}
            onAllSent={() => void onLogout({ discard: false })}
            onDiscard={() => void onLogout({ discard: true })}
          />
        )}
      </div>
    </header>
  );
}
