// The `images` scenario: a phone photo uploaded and replaced one request at a time, a picture too
// large to decode refused, then an uploaded picture and the page that shows it served under load.
import type { ServerProcess } from '#tests/support/server-process.ts';
import { measure, median, report, type Settings } from './measure.ts';
import { signIn, staffAccountEnv, type Scenario } from './server.ts';

/** Posts a picture as the dashboard does; resolves with the status, the answer and the time taken. */
async function postPicture(server: ServerProcess, cookie: string, url: string, file: Buffer, name?: string) {
  const form = new FormData();
  if (name) {
    form.append('name', name);
    form.append('altText', 'A picture for the benchmark');
  }
  form.append('image', new Blob([new Uint8Array(file)]), 'photo.jpg');
  const started = performance.now();
  const response = await fetch(`${server.url}${url}`, {
    method: 'POST',
    headers: { cookie, 'x-admin-request': '1', origin: server.url },
    body: form,
  });
  const body = (await response.json()) as { id?: number; srcSet?: string; error?: string };
  return { status: response.status, body, ms: performance.now() - started };
}

/** A 4032 x 3024 camera-sized JPEG of noise, blurred: about the weight of a phone photo. */
export async function phonePhoto(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const noise = await sharp({
    create: {
      width: 4032,
      height: 3024,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .blur(1.2)
    .png()
    .toBuffer();
  return sharp(noise).jpeg({ quality: 85 }).toBuffer();
}

/** A PNG header claiming 20000 x 20000 pixels, with nothing behind it. */
async function hugePngHeader(): Promise<Buffer> {
  const { pngHeader } = await import('#tests/support/pictures.ts');
  return pngHeader(20_000, 20_000);
}

async function runImages(server: ServerProcess, settings: Settings): Promise<boolean> {
  const cookie = await signIn(server);
  const photo = await phonePhoto();
  let ok = true;

  // Processing: decoded, turned upright, five WebP widths (and the share JPEG for the hero).
  const uploads: number[] = [];
  const first = await postPicture(server, cookie, '/api/images/upload', photo, 'about-image');
  if (first.status !== 201 || !first.body.id) throw new Error(`upload answered ${first.status}`);
  for (let round = 0; round < 7; round += 1) {
    const replaced = await postPicture(server, cookie, `/api/images/${first.body.id}/replace`, photo);
    if (replaced.status !== 200) ok = false;
    uploads.push(replaced.ms);
  }
  const heroRounds: number[] = [];
  for (let round = 0; round < 3; round += 1) {
    heroRounds.push((await postPicture(server, cookie, '/api/upload-hero', photo)).ms);
  }
  console.log(
    `images: a ${(photo.length / 1024 / 1024).toFixed(1)} MB 4032x3024 JPEG, one request at a time\n` +
      `  replace    median ${median(uploads).toFixed(0)} ms (${uploads.map((ms) => ms.toFixed(0)).join(', ')})\n` +
      `  upload-hero median ${median(heroRounds).toFixed(0)} ms, with the 1200x630 share JPEG`,
  );

  const bomb = await hugePngHeader();
  const refusals: number[] = [];
  for (let round = 0; round < 15; round += 1) {
    const refused = await postPicture(server, cookie, '/api/upload-hero', bomb);
    if (refused.status !== 413) ok = false;
    refusals.push(refused.ms);
  }
  console.log(
    `  20000x20000 PNG header (${bomb.length} bytes): 413 in median ${median(refusals).toFixed(1)} ms, max ${Math.max(...refusals).toFixed(1)} ms`,
  );

  // Serving: the 1280 px rendition of the about picture, and the home page that shows it.
  const rendition = first.body.srcSet && (await (await fetch(`${server.url}/api/images`)).json());
  const about = (rendition as { name: string; srcSet: string }[]).find(
    (image) => image.name === 'about-image',
  )!;
  const mediaUrl = about.srcSet
    .split(', ')
    .find((entry) => entry.endsWith(' 1280w'))!
    .split(' ')[0]!;
  for (const [name, url] of [
    [`GET ${mediaUrl.slice(0, 20)}... (1280 px WebP)`, mediaUrl],
    ['GET / (home page with uploaded pictures)', '/'],
  ] as const) {
    const run = await measure(server, settings, {
      url: `${server.url}${url}`,
      connections: settings.connections,
    });
    // No target: these figures are for comparison between changes on the same machine.
    if (!report(name, run, {})) ok = false;
  }
  return ok;
}

export const images: Scenario = {
  env: staffAccountEnv,
  run: runImages,
};
