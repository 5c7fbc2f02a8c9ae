/**
 * `npx tsx scripts/screenshots-compare.ts BEFORE_DIR AFTER_DIR [DIFF_DIR]`: compares the pictures
 * of two runs of scripts/screenshots.ts pixel by pixel. Prints, for each picture, whether it is
 * identical, how many pixels differ (by how much at most, and the box around them), or that its size changed; with
 * DIFF_DIR, writes for each differing pair the after picture with the differing pixels in red.
 * Exits with 1 when any picture differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const [beforeDir, afterDir, diffDir] = process.argv.slice(2);
if (!beforeDir || !afterDir) {
  console.error('Usage: screenshots-compare.ts BEFORE_DIR AFTER_DIR [DIFF_DIR]');
  process.exit(2);
}

const pixelsOf = (file: string) => sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });

const names = [...new Set([...fs.readdirSync(beforeDir), ...fs.readdirSync(afterDir)])]
  .filter((name) => name.endsWith('.png'))
  .sort();
if (diffDir) fs.mkdirSync(diffDir, { recursive: true });
let differing = 0;
for (const name of names) {
  const [beforeFile, afterFile] = [path.join(beforeDir, name), path.join(afterDir, name)];
  if (!fs.existsSync(beforeFile) || !fs.existsSync(afterFile)) {
    console.log(`${name}: only ${fs.existsSync(beforeFile) ? 'before' : 'after'}`);
    differing++;
    continue;
  }
  const [before, after] = await Promise.all([pixelsOf(beforeFile), pixelsOf(afterFile)]);
  const { width, height } = after.info;
  if (before.info.width !== width || before.info.height !== height) {
    console.log(`${name}: size ${before.info.width}x${before.info.height} -> ${width}x${height}`);
    differing++;
    continue;
  }
  let count = 0;
  let largest = 0; // the largest difference in one colour channel: 1 to 3 is anti-aliasing noise
  const box = { left: width, top: height, right: -1, bottom: -1 };
  const marked = Buffer.from(after.data);
  for (let pixel = 0; pixel < width * height; pixel++) {
    const at = pixel * 4;
    if (before.data.readUInt32BE(at) === after.data.readUInt32BE(at)) continue;
    count++;
    for (let channel = at; channel < at + 4; channel++) {
      largest = Math.max(largest, Math.abs(before.data[channel]! - after.data[channel]!));
    }
    const [x, y] = [pixel % width, Math.floor(pixel / width)];
    Object.assign(box, {
      left: Math.min(box.left, x),
      top: Math.min(box.top, y),
      right: Math.max(box.right, x),
      bottom: Math.max(box.bottom, y),
    });
    marked.set([255, 0, 0, 255], at);
  }
  if (count === 0) {
    console.log(`${name}: identical`);
    continue;
  }
  differing++;
  console.log(
    `${name}: ${count} pixels differ (by up to ${largest} in a channel), in x ${box.left}-${box.right}, y ${box.top}-${box.bottom}`,
  );
  if (diffDir) {
    await sharp(marked, { raw: { width, height, channels: 4 } })
      .png()
      .toFile(path.join(diffDir, name));
  }
}
process.exit(differing > 0 ? 1 : 0);
