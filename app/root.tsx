import { useEffect, type ReactNode } from 'react';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, type ShouldRevalidateFunction } from 'react-router';
import interFont from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import montserratFont from '@fontsource-variable/montserrat/files/montserrat-latin-wght-normal.woff2?url';
import type { Route } from './+types/root';
import { RouteErrorPage } from '#app/features/site-layout/route-error-page.tsx';
import { consentModeDefaultsScript } from '#app/features/consent/consent-effects.ts';
import { markHydrated } from './lib/hydration.ts';
import { useNonce } from './lib/nonce.tsx';
import type { RootData } from './lib/root-data.ts';
import { usePageViewTracking } from '#app/features/analytics/page-views.ts';
import { brandStyle, useSiteSettings } from '#app/features/site-content/site-settings.ts';
import { SiteStylesheet } from './lib/stylesheet.tsx';

export const links: Route.LinksFunction = () => [
  ...[interFont, montserratFont].map((href) => ({
    rel: 'preload',
    href,
    as: 'font',
    type: 'font/woff2',
    crossOrigin: 'anonymous' as const,
    fetchPriority: 'low' as const,
  })),
  { rel: 'icon', href: '/brand/mark.svg', type: 'image/svg+xml' },
];

export function loader({ context }: Route.LoaderArgs): RootData {
  return {
    site: context.site,
    publicUrl: context.publicUrl,
    showSplash: context.showSplash,
    gaMeasurementId: context.gaMeasurementId,
  };
}

/**
 * The root's data (the site's settings) does not depend on the address's query: a change of the
 * query alone on the same page (the day My jobs shows, the diary's view) keeps it rather than
 * asking the server again, which My jobs without signal could not (the page would fail). A form's
 * submission still reloads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  formMethod === undefined && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const site = useSiteSettings();
  return (
    <html lang="en-GB" style={brandStyle(site)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before any tag: Consent Mode's defaults, every signal denied until the visitor chooses. */}
        <script
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: consentModeDefaultsScript }}
        />
        <meta name="theme-color" content={site.secondaryColor} />
        <Meta />
        <SiteStylesheet />
        <Links />
        <noscript>
          {/* Without scripts nothing can report that the hero image has loaded. */}
          <style>{'.hero-spinner{display:none}'}</style>
        </noscript>
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(markHydrated, []);
  usePageViewTracking();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorPage error={error} />;
}
