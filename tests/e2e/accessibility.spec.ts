import { axeViolations, expect, test } from './fixtures.ts';

const routes = [
  '/',
  '/services/tyre-replacement',
  '/services/commercial-tyres',
  '/services/unknown',
  '/mot',
  '/servicing',
  '/about',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/cookie-policy',
  '/cookie-settings',
  '/enquiry',
  '/tyres',
  '/tyres/205-55-r16?quantity=2',
  '/book',
  '/book?service=puncture-repair&location=mobile&postcode=RM3+0AB&step=when',
  '/book?location=mobile&postcode=CO1+1AA&step=when',
  '/bookings/manage/unknown',
  '/no-such-page',
  '/auth',
];

for (const route of routes) {
  test(`no accessibility violations on ${route}`, async ({ page }) => {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    const summary = await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
    expect(summary).toEqual([]);
  });
}
