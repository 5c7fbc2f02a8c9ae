import { Outlet, useRouteLoaderData } from 'react-router';
import { ConsentHost } from '#app/features/consent/consent-host.tsx';
import { SiteFooter } from '#app/features/site-layout/site-footer.tsx';
import { SiteHeader } from '#app/features/site-layout/site-header.tsx';
import { SplashScreen } from '#app/features/site-layout/splash-screen.tsx';
import { RouteErrorPage } from '#app/features/site-layout/route-error-page.tsx';
import { Toaster } from '#app/components/ui/toaster.tsx';
import { siteNav } from '#app/features/site-content/page-content.server.ts';
import type { RootData } from '#app/lib/root-data.ts';
import type { Route } from './+types/site-layout';

/** The header's and footer's links to the services and the social profiles. */
export function loader({ context }: Route.LoaderArgs) {
  return siteNav(context.content, context.site);
}

/** An error under this frame, with the phone number and e-mail of the site's settings. */
export function ErrorBoundary({ error }: { error: unknown }) {
  return <RouteErrorPage error={error} />;
}

/** The public pages' shared frame: splash on first load, header, page, footer. */
export default function SiteLayout({ loaderData: nav }: Route.ComponentProps) {
  const measurementId = useRouteLoaderData<RootData>('root')?.gaMeasurementId ?? null;
  return (
    <>
      <SplashScreen />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-ink focus:shadow-lg"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col">
        <SiteHeader services={nav.headerServices} />
        <div id="main" className="flex-1">
          <Outlet />
        </div>
        <SiteFooter services={nav.footerServices} socialLinks={nav.socialLinks} />
      </div>
      <ConsentHost measurementId={measurementId} />
      <Toaster />
    </>
  );
}
