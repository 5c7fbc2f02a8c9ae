import { anySize, expect, test } from './fixtures.ts';

/** The five services of a new site. */
const services = [
  { slug: 'tyre-replacement', title: 'Tyre Replacement' },
  { slug: 'puncture-repair', title: 'Puncture Repair' },
  { slug: 'wheel-balancing', title: 'Wheel Balancing' },
  { slug: 'tpms-services', title: 'TPMS Services' },
  { slug: 'commercial-tyres', title: 'Commercial Tyres' },
];

test('Book This Service Now opens online booking with the service chosen', async ({ page }) => {
  await page.goto('/services/puncture-repair');
  await page.getByRole('link', { name: 'Book This Service Now' }).click();
  await expect(page).toHaveURL(/\/book\?service=puncture-repair$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Book an Appointment');
  await expect(page.getByRole('radio', { name: /^Puncture Repair/ })).toBeChecked();
});

test('a service page shows its content and suggests three others', async ({ page }) => {
  await page.goto('/services/puncture-repair');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Puncture Repair');
  await expect(page.getByRole('link', { name: 'Back to All Services' })).toHaveAttribute(
    'href',
    '/#services',
  );
  await expect(page.getByRole('heading', { name: 'Why choose us' })).toBeVisible();
  const pricing = page.getByRole('region', { name: 'Pricing' });
  await expect(pricing).toContainText('Standard puncture repair£25');
  await expect(pricing).toContainText('Emergency call-out (extra)£15');
  await expect(pricing.getByRole('link', { name: /Call 020 7946 0123/ })).toHaveAttribute(
    'href',
    'tel:+442079460123',
  );
  await expect(page.getByRole('link', { name: 'Book This Service Now' })).toHaveAttribute(
    'href',
    '/book?service=puncture-repair',
  );
  await expect(
    page
      .getByRole('region', { name: 'Emergency Service Available' })
      .getByRole('link', { name: 'Call Emergency Line' }),
  ).toHaveAttribute('href', 'tel:+442079460123');

  const others = page.getByRole('region', { name: 'Other Services You May Need' });
  await expect(others.getByRole('heading', { level: 3 })).toHaveText([
    'Wheel Balancing',
    'TPMS Services',
    'Commercial Tyres',
  ]);
  await others.getByRole('link', { name: 'Learn More about Commercial Tyres' }).click();
  await expect(page).toHaveURL(/\/services\/commercial-tyres$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Commercial Tyres');
  await expect(
    page.getByRole('region', { name: 'Other Services You May Need' }).getByRole('heading', { level: 3 }),
  ).toHaveText(['Tyre Replacement', 'Puncture Repair', 'Wheel Balancing']);
});

test('every service page answers 200 with its title', anySize, async ({ request }) => {
  for (const service of services) {
    const response = await request.get(`/services/${service.slug}`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain(
      `<h1 class="mt-4 max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">${service.title}</h1>`,
    );
  }
});

test('an unknown service shows Service Not Found with status 404', anySize, async ({ page }) => {
  const response = await page.goto('/services/flux-capacitor');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Service Not Found' })).toBeVisible();
  await expect(page.getByText("The service you're looking for doesn't exist.")).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('arriving by a link, the page waits for its pictures with a loading message', async ({ page }) => {
  await page.goto('/');
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/images/fallback/tpms-services-800.webp', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('link', { name: 'Learn More about Tyre Replacement' }).click();
  await expect(page.getByRole('status')).toHaveText('Loading service details...');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tyre Replacement');
});

test('paths match whatever their case, with a trailing slash', anySize, async ({ page }) => {
  const response = await page.goto('/Services/TPMS-Services/');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('TPMS Services');
});
