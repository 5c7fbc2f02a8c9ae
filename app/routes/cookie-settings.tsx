import { Link } from 'react-router';
import { PageHeader } from '../components/content/page-header.tsx';
import { homeSeo, pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/cookie-settings';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    ...homeSeo,
    path: '/cookie-settings',
    title: 'Cookie Settings',
    description: 'Choose which cookies this website may use.',
    noindex: true,
  });

/** Cookie Settings: until optional cookies exist, the page says what is stored and why. */
export default function CookieSettings() {
  return (
    <main>
      <PageHeader title="Cookie Settings" />
      <div className="prose-page">
        <p>
          This website currently uses only essential storage: what is needed for the site to work and for
          staff to sign in. No analytics, marketing or preference cookies are set, and our visitor counting
          works without cookies.
        </p>
        <p>
          The map of the areas we cover is provided by Google and loads only when you choose to show it. Read
          our{' '}
          <Link to="/cookie-policy" className="font-semibold text-brand-dark underline">
            Cookie Policy
          </Link>{' '}
          for the details.
        </p>
      </div>
    </main>
  );
}
