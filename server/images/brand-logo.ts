/**
 * The business's logo as a PNG, for documents that cannot show SVG or WebP (the invoices' PDF:
 * pdfkit draws PNG and JPEG only). The logo is the brand's (`SITE_LOGO_DARK`, a path of the
 * site's static files); sharp draws it at print resolution once per process.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { clientBuildDir, projectRoot } from '../paths.ts';

/** Tall enough for a logo printed about 13 mm high at 300 dpi. */
const heightPx = 160;

/** Where a site path's file is: the built client's files, else the source's public folder. */
const staticFolders = [clientBuildDir, path.join(projectRoot, 'public')];

async function readStaticFile(sitePath: string): Promise<Buffer | null> {
  for (const folder of staticFolders) {
    const file = path.join(folder, sitePath);
    // A path that climbs out of the folder is not one of the site's files.
    if (!file.startsWith(folder + path.sep)) return null;
    try {
      return await fs.readFile(file);
    } catch {
      // Not in this folder: the next.
    }
  }
  return null;
}

/** A logo drawn as a PNG, with its size in pixels. */
export type RasterLogo = { png: Buffer; width: number; height: number };

async function rasterise(sitePath: string): Promise<RasterLogo | null> {
  // A logo elsewhere (https://…) is not fetched: an invoice does not wait on another server.
  if (!sitePath.startsWith('/')) return null;
  const source = await readStaticFile(sitePath);
  if (!source) return null;
  // Loaded here, not at start, as for the uploaded pictures (process.ts).
  const sharp = (await import('sharp')).default;
  try {
    const { data, info } = await sharp(source, { density: 300 })
      .resize({ height: heightPx, withoutEnlargement: !sitePath.endsWith('.svg') })
      .png()
      .toBuffer({ resolveWithObject: true });
    return { png: data, width: info.width, height: info.height };
  } catch {
    // A logo sharp cannot read: documents show the business's name alone, as without one.
    return null;
  }
}

const rendered = new Map<string, Promise<RasterLogo | null>>();

/** The logo at `sitePath` as a PNG, or null when there is none to draw; drawn once per path. */
export function brandLogoPng(sitePath: string): Promise<RasterLogo | null> {
  let logo = rendered.get(sitePath);
  if (!logo) {
    logo = rasterise(sitePath);
    rendered.set(sitePath, logo);
  }
  return logo;
}
