import { anySize, axeViolations, expect, test } from './fixtures.ts';

/**
 * Every kind of page, scanned at both sizes (the header, footer and grids change with the
 * width), and at the phone's size the other pages of a kind already scanned at both: their
 * layout is the desktop's of that kind, with other text.
 */
const routes: [path: string, options: typeof anySize | object][] = [
  ['/', {}],
  ['/services/tyre-replacement', {}],
  ['/services/commercial-tyres', anySize],
  ['/services/unknown', {}],
  ['/mot', {}],
  ['/servicing', anySize],
  ['/about', anySize],
  ['/contact', {}],
  ['/privacy-policy', {}],
  ['/terms-of-service', anySize],
  ['/cookie-policy', anySize],
  ['/cookie-settings', {}],
  ['/enquiry', {}],
  ['/tyres', {}],
  ['/tyres/205-55-r16?quantity=2', {}],
  ['/tyres/205-55-r16/michelin-primacy-4-plus-94v', {}],
  ['/book', {}],
  ['/book?service=puncture-repair&location=mobile&postcode=RM3+0AB&step=when', {}],
  ['/book?location=mobile&postcode=CO1+1AA&step=when', anySize],
  ['/bookings/manage/unknown', {}],
  ['/no-such-page', {}],
  ['/auth', {}],
];

for (const [route, options] of routes) {
  test(`no accessibility violations on ${route}`, options, async ({ page }) => {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    const summary = await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
    expect(summary).toEqual([]);
  });
}
