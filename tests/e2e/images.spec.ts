import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, expectAccessible, isPhone, signIn, signInByCall, test, toastOf } from './fixtures.ts';

/**
 * A picture made for the journey: a flat colour, so that each upload is a different file. Both
 * viewports run at once against one site, so each changes its own slot: the desktop journey the
 * hero background, the phone journey a service picture.
 */
async function pictureFile(name: string, colour: string, width = 1800, height = 900) {
  const buffer = await sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** The address the public home page uses for a picture, read from its `<img>`. */
async function homeImageSource(page: Page, selector: string) {
  await page.goto('/');
  const image = page.locator(selector).first();
  await expect(image).toHaveJSProperty('complete', true);
  expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
  return image.getAttribute('src');
}

const heroImage = 'section:has(h1) img';

/** The address of the slot's uploaded picture in GET /api/images, or undefined. */
async function storedUrl(page: Page, name: string): Promise<string | undefined> {
  const list = (await (await page.request.get('/api/images')).json()) as { name: string; url: string }[];
  return list.find((image) => image.name === name)?.url;
}

test.describe('site images', () => {
  // The journey sends a file that is not a picture on purpose.
  test.use({ expectedErrorUrls: [/\/api\/images\/\d+\/replace$/] });

  test('staff change the hero background on /update-hero and in the dashboard; the home page follows', async ({
    page,
  }, testInfo) => {
    test.skip(isPhone(testInfo.project.name), 'the phone journey changes a service picture instead');

    // Signed out, the page asks for a sign-in first, and brings staff back to it afterwards.
    await page.goto('/update-hero');
    await expect(page).toHaveURL(/\/auth\?next=\/update-hero$/);
    await signIn(page, '/auth?next=/update-hero');
    await expect(page).toHaveURL(/\/update-hero$/);

    await expect(page.getByRole('heading', { name: 'Update Hero Background' })).toBeVisible();
    await expect(page.getByText('For best results, use an image of at least 1600x800 pixels.')).toBeVisible();
    const chooser = page.getByLabel('Background image');
    await expect(chooser).toHaveAttribute('accept', /^image\//);
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Update Background' }).click();
    await expect(toastOf(page, 'No file selected')).toContainText('Please select an image file to upload');

    await chooser.setInputFiles(await pictureFile('van.png', '#2563eb'));
    await page.getByRole('button', { name: 'Update Background' }).click();
    await expect(toastOf(page, 'Background updated')).toContainText(
      'The hero background image has been updated successfully',
    );
    await expect(chooser).toHaveValue('');
    await expect(page.getByText('Uploaded picture')).toBeVisible();
    const fromHeroPage = await storedUrl(page, 'hero-background');
    expect(fromHeroPage).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    expect(await homeImageSource(page, heroImage)).toBe(fromHeroPage);

    // The dashboard's Images section: replace it, refuse a file that is not a picture, delete it.
    await page.goto('/admin/dashboard/images');
    const card = page.getByRole('article', { name: 'Hero background' });
    await expect(card.getByText('Uploaded picture')).toBeVisible();
    await card.getByLabel('Image file').setInputFiles(await pictureFile('dusk.png', '#f59e0b'));
    await card.getByRole('button', { name: 'Replace' }).click();
    await expect(toastOf(page, 'Image replaced')).toContainText('The image has been replaced successfully');
    const fromDashboard = await storedUrl(page, 'hero-background');
    expect(fromDashboard).not.toBe(fromHeroPage);

    await card.getByLabel('Image file').setInputFiles({
      name: 'photo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<!doctype html><script>alert(1)</script>'),
    });
    await card.getByRole('button', { name: 'Replace' }).click();
    await expect(toastOf(page, 'Replace failed')).toContainText('The file is not a picture we can use');
    expect(await storedUrl(page, 'hero-background')).toBe(fromDashboard);

    expect(await homeImageSource(page, heroImage)).toBe(fromDashboard);

    await page.goto('/admin/dashboard/images');
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toastOf(page, 'Image deleted')).toContainText('The image has been deleted successfully');
    await expect(card.getByText('Shipped picture')).toBeVisible();
    expect(await homeImageSource(page, heroImage)).toMatch(/^\/images\/fallback\/hero-background-/);
  });

  test('on a phone, staff upload a service picture with its alt text, and delete it again', async ({
    page,
    baseURL,
  }, testInfo) => {
    test.skip(!isPhone(testInfo.project.name), 'the desktop journey changes the hero background');
    await signInByCall(page, baseURL!, '/admin/dashboard/images');
    const card = page.getByRole('article', { name: 'Puncture Repair' });
    await expect(card.getByText('Shipped picture')).toBeVisible();
    await expectAccessible(page);

    const altText = card.getByLabel('Alt text');
    await altText.fill('');
    await card.getByLabel('Image file').setInputFiles(await pictureFile('repair.png', '#16a34a', 1200, 900));
    await card.getByRole('button', { name: 'Upload' }).click();
    await expect(card.getByText('Alt text is required for an image shown on the website')).toBeVisible();
    await expect(altText).toHaveAttribute('aria-invalid', 'true');

    await altText.fill('Our technician plugging a tyre at the kerbside');
    await card.getByRole('button', { name: 'Upload' }).click();
    await expect(toastOf(page, 'Image uploaded')).toContainText('The image has been uploaded successfully');
    await expect(card.getByText('Uploaded picture')).toBeVisible();
    const url = await storedUrl(page, 'puncture-repair');

    const serviceCard = 'article:has(h3:text-is("Puncture Repair")) img';
    expect(await homeImageSource(page, serviceCard)).toBe(url);
    await expect(page.locator(serviceCard)).toHaveAttribute(
      'alt',
      'Our technician plugging a tyre at the kerbside',
    );

    await page.goto('/admin/dashboard/images');
    await card.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(toastOf(page, 'Image deleted')).toBeVisible();
    expect(await homeImageSource(page, serviceCard)).toMatch(/^\/images\/fallback\/puncture-repair-/);
  });
});
