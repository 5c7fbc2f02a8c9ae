import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { brandLogoPng } from './brand-logo.ts';

describe('brandLogoPng', () => {
  it('draws the SVG logo of the site’s files as a PNG at print resolution', async () => {
    const logo = await brandLogoPng('/brand/logo-dark.svg');
    expect(logo).not.toBeNull();
    const { png, width, height } = logo!;
    const metadata = await sharp(png).metadata();
    expect(metadata).toMatchObject({ format: 'png', width, height });
    expect(height).toBe(160);
    // The logo's own proportions (338 by 56).
    expect(Math.abs(width / height - 338 / 56)).toBeLessThan(0.02);
    expect(await brandLogoPng('/brand/logo-dark.svg')).toBe(logo);
  });

  it('is none for a file the site does not have, one outside its files, or a logo elsewhere', async () => {
    expect(await brandLogoPng('/brand/no-such-logo.svg')).toBeNull();
    expect(await brandLogoPng('/../package.json')).toBeNull();
    expect(await brandLogoPng('https://cdn.example.com/logo.png')).toBeNull();
  });
});
