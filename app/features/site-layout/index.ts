// What the rest of the app may use of this feature.
export { RouteErrorPage } from './route-error-page.tsx';
export { SiteFooter } from './site-footer.tsx';
export { SiteHeader } from './site-header.tsx';
export { SplashScreen } from './splash-screen.tsx';
export { StatusPage } from './status-page.tsx';
