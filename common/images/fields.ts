// Kept apart from images.ts, which public pages import: only staff screens and the API need zod.
import * as z from 'zod/mini';
import { isImageSlotName } from './images.ts';

export const imageFieldLimits = { name: 64, altText: 250, section: 64 } as const;

export const altTextRequiredMessage = 'Alt text is required for an image shown on the website';

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

const name = z.pipe(
  z.transform(trimmed),
  z
    .string('Name is required')
    .check(
      z.minLength(1, 'Name is required'),
      z.maxLength(imageFieldLimits.name, `Must be ${imageFieldLimits.name} characters or fewer`),
      z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens only'),
    ),
);

const altText = z.pipe(
  z.transform(trimmed),
  z
    .string('Alt text must be text')
    .check(z.maxLength(imageFieldLimits.altText, `Must be ${imageFieldLimits.altText} characters or fewer`)),
);

/** An empty section is no section. */
const section = z.pipe(
  z.transform((value: unknown) => {
    const text = trimmed(value);
    return text === '' || text === undefined ? null : text;
  }),
  z.nullable(
    z
      .string('Section must be text')
      .check(
        z.maxLength(imageFieldLimits.section, `Must be ${imageFieldLimits.section} characters or fewer`),
      ),
  ),
);

/**
 * The fields of an image record (POST /api/images, the text fields of an upload).
 * Pictures only arrive by upload: a record names no URL of its own. A named slot is shown on the
 * public site, so its alt text may not be empty.
 */
export const imageRecordSchema = z
  .strictObject({ name, altText: z.optional(altText), section: z.optional(section) })
  .check(
    z.refine((record) => !isImageSlotName(record.name) || Boolean(record.altText), {
      message: altTextRequiredMessage,
      path: ['altText'],
    }),
  );

/** PUT /api/images/{id}: any of the fields; the slot rule is checked against the stored record. */
export const imageUpdateSchema = z.strictObject({
  name: z.optional(name),
  altText: z.optional(altText),
  section: z.optional(section),
});

export type ImageRecordInput = z.output<typeof imageRecordSchema>;
export type ImageUpdateInput = z.output<typeof imageUpdateSchema>;
