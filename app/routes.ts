import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  route('robots.txt', 'routes/robots-txt.ts'),
  route('sitemap.xml', 'routes/sitemap-xml.ts'),
  // The staff area: no site header and footer, its data through TanStack Query.
  layout('routes/staff-layout.tsx', [
    route('auth', 'routes/auth.tsx'),
    route('admin-dashboard', 'routes/admin-dashboard.tsx', { id: 'admin-dashboard' }),
    route('admin/dashboard', 'routes/admin-dashboard.tsx', { id: 'admin-dashboard-home' }),
    route('admin/dashboard/:section', 'routes/admin-dashboard.tsx', { id: 'admin-dashboard-section' }),
    route('admin/jobs', 'routes/admin-jobs.tsx'),
    route('update-hero', 'routes/update-hero.tsx'),
    route('account-setup/:token', 'routes/account-setup.tsx'),
  ]),
  layout('routes/site-layout.tsx', [
    index('routes/home.tsx'),
    route('services/:slug', 'routes/service.tsx'),
    ...['mot', 'servicing', 'about', 'contact'].map((path) =>
      route(path, 'routes/info-page.tsx', { id: `info-${path}` }),
    ),
    ...['privacy-policy', 'terms-of-service', 'cookie-policy'].map((path) =>
      route(path, 'routes/legal-page.tsx', { id: `legal-${path}` }),
    ),
    route('cookie-settings', 'routes/cookie-settings.tsx'),
    route('enquiry', 'routes/enquiry.tsx'),
    // /tyres finds a size, /tyres/205-55-r16 is its page: one route, so one manifest entry.
    route('tyres/:size?', 'routes/tyres.tsx'),
    // A tyre's own page: a module of its own, so that its label is not in the size pages' script.
    route('tyres/:size/:tyre', 'routes/tyre.tsx'),
    route('book', 'routes/book.tsx'),
    route('bookings/manage/:token', 'routes/booking-manage.tsx'),
    route('unsubscribe/:token', 'routes/unsubscribe.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
