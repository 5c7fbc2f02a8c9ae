import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  altTextRequiredMessage,
  type ImageRecordInput,
  type ImageUpdateInput,
} from '#common/images/fields.ts';
import {
  imageSlotNames,
  isImageSlotName,
  type ImageSlotName,
  type StoredImage,
  type UploadedSlotImages,
} from '#common/images/images.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { images, imageVariants } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { ProcessedImage } from './process.ts';

/** The public address of stored bytes: content-addressed, so it never changes meaning. */
function mediaUrl(contentHash: string, contentType: string): string {
  return `/media/${contentHash}.${contentType === 'image/jpeg' ? 'jpg' : 'webp'}`;
}

type ImageRow = typeof images.$inferSelect;
type VariantSummary = { imageId: number; width: number; contentHash: string; contentType: string };

/** The display renditions (no bytes) of some images, largest first. */
async function displayVariantsOf(db: Database, imageIds: number[]): Promise<Map<number, VariantSummary[]>> {
  const byImage = new Map<number, VariantSummary[]>();
  if (imageIds.length === 0) return byImage;
  const rows = await db
    .select({
      imageId: imageVariants.imageId,
      width: imageVariants.width,
      contentHash: imageVariants.contentHash,
      contentType: imageVariants.contentType,
    })
    .from(imageVariants)
    .where(and(inArray(imageVariants.imageId, imageIds), eq(imageVariants.purpose, 'display')))
    .orderBy(desc(imageVariants.width));
  for (const row of rows) {
    const list = byImage.get(row.imageId) ?? [];
    list.push(row);
    byImage.set(row.imageId, list);
  }
  return byImage;
}

function toStoredImage(row: ImageRow, variants: VariantSummary[] = []): StoredImage {
  const largest = variants[0];
  return {
    id: row.id,
    name: row.name,
    altText: row.altText,
    section: row.section,
    url: largest ? mediaUrl(largest.contentHash, largest.contentType) : null,
    srcSet: variants
      .map((variant) => `${mediaUrl(variant.contentHash, variant.contentType)} ${variant.width}w`)
      .join(', '),
    width: largest ? row.width : null,
    height: largest ? row.height : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function withVariants(db: Database, rows: ImageRow[]): Promise<StoredImage[]> {
  const variants = await displayVariantsOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toStoredImage(row, variants.get(row.id)));
}

/** GET /api/images: every record, the named slots first in their usual order, then by name. */
export async function listImages(db: Database): Promise<StoredImage[]> {
  const rows = await db.select().from(images).orderBy(asc(images.name));
  const rank = (name: string) =>
    isImageSlotName(name) ? imageSlotNames.indexOf(name) : imageSlotNames.length;
  rows.sort((a, b) => rank(a.name) - rank(b.name));
  return withVariants(db, rows);
}

/** The name of an image, or null when there is no such image (no renditions read). */
export async function imageNameOf(db: Database, id: number): Promise<string | null> {
  const [row] = await db.select({ name: images.name }).from(images).where(eq(images.id, id));
  return row?.name ?? null;
}

export async function isImageNameTaken(db: Database, name: string): Promise<boolean> {
  const rows = await db.select({ id: images.id }).from(images).where(eq(images.name, name));
  return rows.length > 0;
}

export const imageNotFound = () => new HttpError(404, 'That image does not exist. It may have been deleted.');
export const nameTaken = (name: string) =>
  new HttpError(409, `An image named '${name}' already exists. Replace its picture instead.`, {
    name: ['This name is already used by another image'],
  });

/** A record without a picture yet (POST /api/images). */
export async function createImage(db: Database, fields: ImageRecordInput): Promise<StoredImage> {
  return storeImage(db, { create: fields });
}

/** A named slot is shown on the public site, so its alt text may not be empty (400). */
export function requireSlotAltText(name: string, altText: string): void {
  if (isImageSlotName(name) && altText === '') {
    throw new HttpError(400, altTextRequiredMessage, { altText: [altTextRequiredMessage] });
  }
}

/** PUT /api/images/{id}: renames, alt text, section. A named slot keeps a non-empty alt text. */
export async function updateImage(db: Database, id: number, fields: ImageUpdateInput): Promise<StoredImage> {
  const [current] = await db.select().from(images).where(eq(images.id, id));
  if (!current) throw imageNotFound();
  const name = fields.name ?? current.name;
  requireSlotAltText(name, fields.altText ?? current.altText);
  try {
    const [row] = await db
      .update(images)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(images.id, id))
      .returning();
    if (!row) throw imageNotFound();
    return (await withVariants(db, [row]))[0]!;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
}

/** DELETE /api/images/{id}: the record and its bytes. A named slot shows its shipped picture again. */
export async function deleteImage(db: Database, id: number): Promise<boolean> {
  const deleted = await db.delete(images).where(eq(images.id, id)).returning({ id: images.id });
  return deleted.length > 0;
}

type StoreTarget =
  /** A new record; refused if the name is taken. */
  | { create: ImageRecordInput }
  /** An existing record, by id; its id and fields stay. */
  | { replace: number; altText?: string }
  /** The record of a name, created when missing (the hero upload). */
  | { upsert: { name: ImageSlotName; altText: string; section: string } };

/**
 * Writes a record and, when given, its new picture in one transaction: the renditions of the
 * previous picture go, the new ones arrive; a reader never sees a mix of the two.
 */
export async function storeImage(
  db: Database,
  target: StoreTarget,
  picture?: ProcessedImage,
): Promise<StoredImage> {
  const now = new Date();
  const size = picture ? { width: picture.width, height: picture.height } : {};
  try {
    return await db.transaction(async (tx) => {
      let row: ImageRow | undefined;
      if ('create' in target) {
        [row] = await tx
          .insert(images)
          .values({ ...target.create, ...size })
          .returning();
      } else if ('replace' in target) {
        const altText = target.altText === undefined ? {} : { altText: target.altText };
        [row] = await tx
          .update(images)
          .set({ ...altText, ...size, updatedAt: now })
          .where(eq(images.id, target.replace))
          .returning();
        if (!row) throw imageNotFound();
      } else {
        [row] = await tx
          .insert(images)
          .values({ ...target.upsert, ...size })
          .onConflictDoUpdate({ target: images.name, set: { ...size, updatedAt: now } })
          .returning();
      }
      if (picture && row) {
        await tx.delete(imageVariants).where(eq(imageVariants.imageId, row.id));
        const renditions = [
          ...picture.variants.map((variant) => ({ ...variant, purpose: 'display' as const })),
          ...(picture.share ? [{ ...picture.share, purpose: 'share' as const }] : []),
        ];
        await tx.insert(imageVariants).values(
          renditions.map(({ bytes, ...variant }) => ({
            ...variant,
            imageId: row.id,
            byteSize: bytes.length,
            bytes,
          })),
        );
      }
      return toStoredImage(
        row!,
        picture?.variants.map((variant) => ({ ...variant, imageId: row!.id })),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error) && 'create' in target) throw nameTaken(target.create.name);
    throw error;
  }
}

export type MediaFile = { contentType: string; bytes: Buffer };

/** The bytes of a rendition, by content hash. */
export async function mediaByHash(db: Database, contentHash: string): Promise<MediaFile | null> {
  const [row] = await db
    .select({
      contentType: imageVariants.contentType,
      // As base64 text: PGlite's reading of bytea costs about eight times more CPU (300 kB:
      // 45 ms against 6 ms), and node-postgres decodes either quickly.
      base64: sql<string>`encode(${imageVariants.bytes}, 'base64')`,
    })
    .from(imageVariants)
    .where(eq(imageVariants.contentHash, contentHash))
    .limit(1);
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.base64, 'base64') } : null;
}

/** Widest display rendition GET /api/images/{name} serves: plenty for a link preview. */
const namedMediaMaxWidth = 1280;

/** Whether some image still has a rendition with these bytes (an index lookup, no bytes read). */
export async function mediaExists(db: Database, contentHash: string): Promise<boolean> {
  const rows = await db
    .select({ id: imageVariants.id })
    .from(imageVariants)
    .where(eq(imageVariants.contentHash, contentHash))
    .limit(1);
  return rows.length > 0;
}

/**
 * The picture GET /api/images/{name} serves: the share JPEG when there is one (hero background),
 * else the widest display rendition up to 1280 px.
 */
export async function namedMedia(
  db: Database,
  name: string,
): Promise<(MediaFile & { contentHash: string }) | null> {
  const rows = await db
    .select({
      purpose: imageVariants.purpose,
      width: imageVariants.width,
      contentHash: imageVariants.contentHash,
    })
    .from(imageVariants)
    .innerJoin(images, eq(images.id, imageVariants.imageId))
    .where(eq(images.name, name))
    .orderBy(asc(imageVariants.width));
  const display = rows.filter((row) => row.purpose === 'display');
  const chosen =
    rows.find((row) => row.purpose === 'share') ??
    display.findLast((row) => row.width <= namedMediaMaxWidth) ??
    display[0];
  if (!chosen) return null;
  const media = await mediaByHash(db, chosen.contentHash);
  return media && { ...media, contentHash: chosen.contentHash };
}

/** The named slots that have an uploaded picture, for the pages' loaders. */
export async function uploadedSlotImages(db: Database): Promise<UploadedSlotImages> {
  const rows = await db
    .select()
    .from(images)
    .where(inArray(images.name, [...imageSlotNames]));
  const slots: UploadedSlotImages = {};
  for (const image of await withVariants(db, rows)) {
    if (!image.url || !isImageSlotName(image.name)) continue;
    slots[image.name] = {
      src: image.url,
      srcSet: image.srcSet,
      width: image.width!,
      height: image.height!,
      alt: image.altText,
    };
  }
  return slots;
}
