import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { sameOriginHeaders, signedInStaff } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { pathOf, registeredRoutes } from '#tests/support/routes.ts';
import { eq } from 'drizzle-orm';
import { ownersOnlyMessage, twoFactorSetupNeededMessage } from '#common/accounts/accounts.ts';
import { appMeta } from '../db/schema.ts';
import { securitySettingsKey } from './staff-user.ts';
import { crossSiteMessage } from './guard.ts';

/**
 * Every route anyone may call without signing in. A route missing here must answer 401 to a
 * request without a session, so a new endpoint cannot forget the sign-in guard: it is either
 * listed here on purpose or guarded.
 */
const publicRoutes = new Set([
  'GET /healthz',
  'GET /readyz',
  'GET /api/services',
  // What the public pages show of the published site content (public-content.ts).
  'GET /api/site-content',
  'POST /api/enquiries',
  // Online booking: what can be booked, a booking, and the customer's own link (the token is the
  // credential, manage-and-diary.db.test.ts).
  'GET /api/availability',
  'POST /api/bookings',
  'GET /api/bookings/manage/:token',
  'POST /api/bookings/manage/:token/cancel',
  'POST /api/bookings/manage/:token/move',
  'GET /api/bookings/manage/:token/calendar.ics',
  'GET /api/bookings/manage/:token/invoice.pdf',
  // Stripe's events: its signature over the body is the credential (payments/webhook.db.test.ts).
  'POST /api/payments/stripe/webhook',
  // Twilio's replies and delivery statuses: its signature is the credential (messages/texts.db.test.ts).
  'POST /api/sms/twilio',
  'POST /api/sms/twilio/status',
  // A text's short manage link, and its payment page (the token is the credential).
  'GET /m/:token',
  'GET /m/:token/pay',
  // The tyre catalogue as customers see it.
  'GET /api/tyres/sizes',
  'GET /api/tyres',
  // The vehicle from its registration, for the booking page and the enquiry form (DVLA).
  'GET /api/vehicles/lookup',
  'POST /api/analytics',
  'GET /api/images',
  'GET /api/images/:name',
  'GET /media/:file',
  'POST /api/login',
  // Completes a pending sign-in, which only the right password opens (cookies.db.test.ts).
  'POST /api/login/two-factor',
  // The one-time set-up link is the credential (accounts.db.test.ts).
  'GET /api/account-setup/:token',
  'POST /api/account-setup/:token',
  'POST /api/logout',
  'GET /api/user',
  // Open only while there is no account at all; afterwards 403 unless signed in (routes.db.test.ts).
  'POST /api/register',
]);

/** Account management and the activity log: owners only. */
const ownerOnly = /^\w+ \/api\/(users|settings\/security|activity)\b/;

/** A request of any method by name. */
const send = (method: string, url: string) => {
  const agent = request(fixture.app);
  return agent[method.toLowerCase() as 'get'](url);
};

const fixture = useTestApp();
let routes: string[];

beforeAll(() => {
  routes = registeredRoutes(fixture.app);
});

describe('the sign-in guard', () => {
  it('finds the routes of the app, the public ones among them', () => {
    expect(routes).toContain('GET /api/enquiries/');
    expect(routes).toContain('DELETE /api/enquiries/:id');
    for (const route of publicRoutes) expect(routes).toContain(route);
  });

  it('answers 401 on every route that is not public, with or without the CSRF headers', async () => {
    const guarded = routes.filter((route) => !publicRoutes.has(route));
    expect(guarded.length).toBeGreaterThanOrEqual(3);
    for (const route of guarded) {
      const [method, path] = route.split(' ') as [string, string];
      const url = pathOf(path);
      for (const headers of [{}, sameOriginHeaders]) {
        const response = await send(method, url).set(headers).set('Cookie', 'session=not-a-session');
        expect({ route, status: response.status }).toEqual({ route, status: 401 });
        expect(response.body).toEqual({ error: 'Please sign in to continue.' });
      }
    }
  });

  it('lets signed-in staff read without the CSRF headers, but not change anything', async () => {
    const staff = await signedInStaff(fixture.database.db);
    await request(fixture.app).get('/api/enquiries').set('Cookie', staff.cookie).expect(200);
    for (const [method, url] of [
      ['put', '/api/enquiries/1/mark-contacted'],
      ['delete', '/api/enquiries/1'],
    ] as const) {
      await send(method, url).set('Cookie', staff.cookie).expect(403);
      await send(method, url)
        .set({ ...staff.headers, Origin: 'https://evil.example' })
        .expect(403);
      // Past the guard: the enquiry does not exist.
      await send(method, url).set(staff.headers).expect(404);
    }
  });

  it('refuses every state-changing staff route to a cross-site request, even from a signed-in owner', async () => {
    const owner = await signedInStaff(fixture.database.db);
    const changing = routes.filter(
      (route) => !publicRoutes.has(route) && !route.startsWith('GET ') && !route.startsWith('HEAD '),
    );
    expect(changing).toEqual(
      expect.arrayContaining(['POST /api/users', 'PATCH /api/users/:id', 'POST /api/user/password']),
    );
    for (const route of changing) {
      const [method, path] = route.split(' ') as [string, string];
      const url = pathOf(path);
      const response = await send(method, url).set({ ...owner.headers, Origin: 'https://evil.example' });
      expect({ route, status: response.status, body: response.body }).toEqual({
        route,
        status: 403,
        body: { error: crossSiteMessage },
      });
    }
  });

  it('keeps every account-management and activity route for owners (403 to staff)', async () => {
    const owned = routes.filter((route) => ownerOnly.test(route));
    expect(owned).toEqual(
      expect.arrayContaining(['GET /api/users', 'DELETE /api/users/:id', 'GET /api/activity']),
    );
    const staff = await signedInStaff(fixture.database.db, undefined, undefined, 'staff');
    for (const route of [...owned, 'POST /api/register']) {
      const [method, path] = route.split(' ') as [string, string];
      const response = await send(method, path.replace(/:\w+/g, '1')).set(staff.headers);
      expect({ route, status: response.status, body: response.body }).toEqual({
        route,
        status: 403,
        body: { error: ownersOnlyMessage },
      });
    }
  });

  it('lets an account that must set up two-factor sign-in do that and nothing else', async () => {
    await fixture.database.db
      .insert(appMeta)
      .values({ key: securitySettingsKey, value: { requireTwoFactor: true } })
      .onConflictDoUpdate({ target: appMeta.key, set: { value: { requireTwoFactor: true } } });
    try {
      const staff = await signedInStaff(fixture.database.db);
      const guarded = routes.filter(
        (route) => !publicRoutes.has(route) && !route.includes('/api/user/two-factor/'),
      );
      for (const route of guarded) {
        const [method, path] = route.split(' ') as [string, string];
        const url = pathOf(path);
        const response = await send(method, url).set(staff.headers);
        expect({ route, status: response.status, body: response.body }).toEqual({
          route,
          status: 403,
          body: { error: twoFactorSetupNeededMessage },
        });
      }
      await send('POST', '/api/user/two-factor/setup').set(staff.headers).expect(200);
      expect(
        (await send('GET', '/api/user').set(staff.headers).expect(200)).body.twoFactorSetupRequired,
      ).toBe(true);
    } finally {
      await fixture.database.db.delete(appMeta).where(eq(appMeta.key, securitySettingsKey));
    }
  });
});
