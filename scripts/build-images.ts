// `npm run images`: renders the illustrations in design/illustrations/ to the WebP files the site
// serves as fallbacks for its named images (public/images/fallback/<name>-<width>.webp).
// Run it after changing an illustration and commit the output.
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { fallbackImages } from '../common/images/images.ts';

const sourceDir = 'design/illustrations';
const outputDir = 'public/images/fallback';
fs.mkdirSync(outputDir, { recursive: true });

for (const image of Object.values(fallbackImages)) {
  const svg = fs.readFileSync(path.join(sourceDir, `${image.name}.svg`));
  for (const width of image.widths) {
    const height = Math.round((width * image.height) / image.width);
    const file = path.join(outputDir, `${image.name}-${width}.webp`);
    // Render at the target size (density scales the SVG's viewBox), then encode.
    const info = await sharp(svg, { density: Math.ceil((72 * width) / image.width) + 1 })
      .resize(width, height, { fit: 'cover' })
      .webp({ quality: 82, effort: 6 })
      .toFile(file);
    console.log(`${file}  ${width}x${height}  ${(info.size / 1024).toFixed(1)} kB`);
  }
}

// The social share image (og:image): 1200x630 JPEG, which every link-preview service reads.
const shareImage = path.join(outputDir, 'share-image.jpg');
const shareInfo = await sharp(fs.readFileSync(path.join(sourceDir, 'hero-background.svg')), {
  density: 72 * 1.5,
})
  .resize(1200, 630, { fit: 'cover', position: 'right' })
  .jpeg({ quality: 82, mozjpeg: true })
  .toFile(shareImage);
console.log(`${shareImage}  1200x630  ${(shareInfo.size / 1024).toFixed(1)} kB`);
