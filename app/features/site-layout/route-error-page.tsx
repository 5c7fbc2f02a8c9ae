import { isRouteErrorResponse } from 'react-router';
import { useSiteSettings } from '#app/features/site-content/index.ts';
import { StatusPage } from './status-page.tsx';

/**
 * The error page: not found; unavailable for now (a 503 whose text the server chose, while the
 * database cannot be reached); or an error. The last two give the phone number and e-mail
 * address, from the root loader's settings: the layouts have a boundary of their own so that an
 * error under them keeps those (a boundary loses its own route's data, not its parents').
 */
export function RouteErrorPage({ error }: { error: unknown }) {
  const site = useSiteSettings();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <StatusPage
        title="404 Page Not Found"
        text="The page you are looking for does not exist or has moved."
      />
    );
  }
  if (isRouteErrorResponse(error) && error.status === 503 && typeof error.data === 'string') {
    return <StatusPage title="Not available just now" text={error.data} contact={site} />;
  }
  return (
    <StatusPage
      title="Something went wrong"
      text="Please try again in a moment, or get in touch with us."
      contact={site}
    />
  );
}
