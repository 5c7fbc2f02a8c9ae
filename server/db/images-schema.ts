import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';

/**
 * Site images: one row per image, possibly filling a named slot. The name
 * is unique: a slot has at most one picture. A record may exist before its picture arrives.
 */
export const images = pgTable(
  'images',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    altText: text('alt_text').notNull().default(''),
    section: text('section'),
    /** Size of the largest rendition; null while there is no picture. */
    width: integer('width'),
    height: integer('height'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('images_name_idx').on(table.name)],
);

/**
 * The encoded renditions of each image: the srcset widths ('display', WebP) and, for the hero
 * background, the social share picture ('share', 1200x630 JPEG). Served from /media/<hash>; the
 * same bytes may belong to two images, so the hash is not unique.
 */
export const imageVariants = pgTable(
  'image_variants',
  {
    id: serial('id').primaryKey(),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['display', 'share'] })
      .notNull()
      .default('display'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').notNull(),
    contentHash: text('content_hash').notNull(),
    byteSize: integer('byte_size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('image_variants_content_hash_idx').on(table.contentHash),
    uniqueIndex('image_variants_image_purpose_width_idx').on(table.imageId, table.purpose, table.width),
  ],
);
