import { data } from 'react-router';
import { homeSeo, pageMeta } from '#app/lib/seo.ts';
import { StatusPage } from '#app/features/site-layout/status-page.tsx';
import type { Route } from './+types/not-found';

/** Any path no other route matches: the page says so and the response status is 404. */
export function loader() {
  return data(null, { status: 404 });
}

/** Unknown routes fall back to the home entry's metadata, marked noindex. */
export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, { ...homeSeo, path: location.pathname, title: '404 Page Not Found', noindex: true });

export default function NotFound() {
  return (
    <StatusPage title="404 Page Not Found" text="The page you are looking for does not exist or has moved." />
  );
}
