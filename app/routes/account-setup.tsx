import { AccountSetupPanel } from '#app/features/account/setup/account-setup-panel.tsx';
import { pageMeta } from '#app/lib/seo.ts';
import type { Route } from './+types/account-setup';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(
    matches,
    {
      // Without the token: it is a key, and has no place in a canonical address.
      path: '/account-setup',
      title: 'Set up your account',
      description: 'Choose the password of a new staff account.',
      noindex: true,
    },
    // The address holds a secret: not even this site's own pages are told it.
    () => [{ name: 'referrer', content: 'no-referrer' }],
  );

/** A set-up link (from an owner) opens this page: the person chooses their password and is signed in. */
export default function AccountSetupPage({ params }: Route.ComponentProps) {
  return <AccountSetupPanel token={params.token} />;
}
