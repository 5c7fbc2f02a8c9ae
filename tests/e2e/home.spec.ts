import { anySize, expect, test } from './fixtures.ts';

/** The five services of a new site. */
const serviceTitles = [
  'Tyre Replacement',
  'Puncture Repair',
  'Wheel Balancing',
  'TPMS Services',
  'Commercial Tyres',
];

test('the home page HTML carries the page before any script runs', anySize, async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();
  for (const title of serviceTitles) expect(html).toContain(title);
  expect(html).toContain('<html lang="en-GB"');
  for (const id of ['about', 'pricing', 'branches', 'areas', 'contact']) expect(html).toContain(`id="${id}"`);

  // Build assets carry a content hash in their names and are cached for a year.
  const script = html.match(/\/assets\/entry\.client-[\w-]+\.js/)?.[0];
  expect(script).toBeDefined();
  const asset = await request.get(script!);
  expect(asset.status()).toBe(200);
  expect(asset.headers()['cache-control']).toBe('max-age=31536000, immutable');
  expect((await request.get('/assets/no-such-file.js')).status()).toBe(404);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a visitor sees every section, the service cards and the hero without a spinner', async ({ page }) => {
    await page.goto('/');
    const cards = page.locator('#services');
    for (const title of serviceTitles) {
      await expect(cards.getByRole('heading', { level: 3, name: title })).toBeVisible();
    }
    await expect(page.getByText('Loading...')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Our Pricing' })).toBeVisible();
  });
});

test('the home page sections come in their order', anySize, async ({ page }) => {
  await page.goto('/');
  const headings = await page.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual([
    'Our Services',
    'How It Works',
    'Local experts who come to you',
    'Our Pricing',
    'Our Branches',
    'Areas We Cover',
    'What Our Customers Say',
    'Book or ask for a quote',
    'Services',
    'Quick Links',
    'Contact',
  ]);
});

test('the call-to-action buttons lead to the enquiry form', async ({ page }) => {
  await page.goto('/');
  for (const name of ['Get Quote', 'Contact us to check', 'Contact us for more reviews']) {
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/#contact$/);
    await expect(page.getByRole('heading', { name: 'Book or ask for a quote' })).toBeInViewport();
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  const call = page.getByRole('link', { name: /020 7946 0123/ }).first();
  await expect(call).toHaveAttribute('href', 'tel:+442079460123');
});

test('the booking buttons open online booking', async ({ page }) => {
  for (const name of ['Book Now', 'Book Your Appointment']) {
    await page.goto('/');
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(/\/book$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
    await expect(page.getByRole('heading', { name: /What and where/ })).toBeVisible();
  }
});

test('the hero image loads and the spinner goes', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toHaveCount(0);
});

test('the testimonials carousel wraps both ways, by buttons and by keyboard', async ({ page }) => {
  await page.goto('/');
  const carousel = page.getByRole('region', { name: 'Customer testimonials' });
  const slide = carousel.getByRole('group');
  await expect(slide).toHaveAttribute('aria-label', '1 of 3');
  await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
  await expect(slide).toHaveAttribute('aria-label', '3 of 3');
  await carousel.getByRole('button', { name: 'Next testimonial' }).click();
  await expect(slide).toHaveAttribute('aria-label', '1 of 3');
  await carousel.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(slide).toHaveAttribute('aria-label', '3 of 3');
  await page.keyboard.press('ArrowRight');
  await expect(slide).toHaveAttribute('aria-label', '1 of 3');
  await expect(carousel.locator('[aria-live="polite"]')).toContainText('Daniel R.');
});

test('the map loads only when asked for', anySize, async ({ page }) => {
  await page.route('https://www.google.com/**', (route) =>
    route.fulfill({ body: '<p>map</p>', contentType: 'text/html' }),
  );
  await page.goto('/');
  await expect(page.locator('iframe')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Open in Google Maps/ })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\?q=Billericay/,
  );
  await page.getByRole('button', { name: 'Load map' }).click();
  await expect(page.locator('iframe[title^="Map of the area around Billericay"]')).toBeVisible();
});

test('an unknown address shows 404 Page Not Found and leads home', anySize, async ({ page }) => {
  const missing = await page.goto('/No-Such-Page/');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mobile tyre fitting that comes to you');
});
