import { Button } from '#app/components/ui/button.tsx';
import { useRef, useState } from 'react';
import type { StaffSession } from '#common/accounts/accounts.ts';
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx';
import { Spinner } from '#app/components/ui/spinner.tsx';
import { formatDateTime } from '#common/time/formats.ts';
import { messageOf } from '#app/lib/api.ts';
import { deviceName } from './account-format.ts';
import { AccountSection } from './account-section.tsx';
import { useEndOtherSessions, useEndSession, useStaffSessions } from './account-queries.ts';

/** This device first, then the others, the most recently seen first. */
const byRelevance = (a: StaffSession, b: StaffSession) =>
  Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt);

/** "Where you're signed in": every session of the account, and a way to end the others. */
export function SessionsSection() {
  const sessions = useStaffSessions();
  const heading = useRef<HTMLHeadingElement>(null);
  // The button pressed is gone once its session has ended: focus goes back to the heading.
  const focusHeading = () => heading.current?.focus();
  const list = sessions.data ? [...sessions.data].sort(byRelevance) : [];
  const others = list.filter((session) => !session.current).length;
  return (
    <AccountSection
      id="account-sessions"
      title="Where you're signed in"
      lead="If you see a device you do not recognise, sign it out and change your password."
      headingRef={heading}
    >
      {sessions.isPending ? (
        <Spinner label="Loading where you're signed in..." showLabel />
      ) : sessions.isError ? (
        <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          <p className="font-semibold">Could not load where you're signed in</p>
          <p className="mt-1">{messageOf(sessions.error)}</p>
          <Button
            type="button"
            onClick={() => void sessions.refetch()}
            variant="danger-solid"
            className="mt-2"
          >
            Try again
          </Button>
        </div>
      ) : (
        <>
          <ul className="divide-y divide-slate-200">
            {list.map((session) => (
              <SessionItem key={session.id} session={session} onEnded={focusHeading} />
            ))}
          </ul>
          {others > 0 ? <EndOtherSessions count={others} onEnded={focusHeading} /> : <OnlyHere />}
        </>
      )}
    </AccountSection>
  );
}

function OnlyHere() {
  return <p className="text-sm text-slate-600">You are not signed in anywhere else.</p>;
}

function SessionItem({ session, onEnded }: { session: StaffSession; onEnded: () => void }) {
  const end = useEndSession({ onEnded });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-semibold text-ink">
          {deviceName(session)}
          {session.current && (
            <span className="rounded-full bg-brand-light px-2.5 py-0.5 text-xs font-bold text-brand-dark">
              This device
            </span>
          )}
        </p>
        <dl className="mt-0.5 flex flex-wrap gap-x-5 gap-y-0.5 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-slate-600">First signed in</dt>
            <dd className="text-ink">
              <time dateTime={session.createdAt}>{formatDateTime(session.createdAt)}</time>
            </dd>
          </div>
          <div className="flex gap-1.5">
            <dt className="text-slate-600">Last seen</dt>
            <dd className="text-ink">
              <time dateTime={session.lastSeenAt}>{formatDateTime(session.lastSeenAt)}</time>
            </dd>
          </div>
        </dl>
      </div>
      {!session.current && (
        <Button
          type="button"
          aria-disabled={end.isPending}
          onClick={() => {
            if (!end.isPending) end.mutate(session);
          }}
          variant="outline"
        >
          {end.isPending ? 'Signing out…' : 'Sign out'} <span className="sr-only">{deviceName(session)}</span>
        </Button>
      )}
    </li>
  );
}

function EndOtherSessions({ count, onEnded }: { count: number; onEnded: () => void }) {
  const endOthers = useEndOtherSessions({ onEnded });
  const [confirming, setConfirming] = useState(false);
  return (
    <div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => setConfirming(open && !endOthers.isPending)}
        trigger={
          <Button type="button" aria-disabled={endOthers.isPending} variant="danger-outline">
            {endOthers.isPending ? 'Signing out…' : 'Sign out everywhere else'}
          </Button>
        }
        title="Sign out everywhere else"
        description={`Sign out ${count === 1 ? 'the other device' : `all ${count} other devices`}? You stay signed in here.`}
        confirmLabel="Sign out everywhere else"
        destructive
        onConfirm={() => endOthers.mutate()}
      />
    </div>
  );
}
