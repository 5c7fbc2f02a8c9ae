import { and, desc, eq, lt } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { StaffUser } from '#common/auth/auth.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import {
  siteContentFieldErrors,
  publishableSiteContentSchema,
  siteContentSchema,
  type PublishedSiteContent,
  type SiteContent,
  type SiteContentRevision,
} from '#common/site-content/site-content.ts';
import { describeChanges, summariseChanges } from '#common/site-content/changes.ts';
import { withInfoPages } from '#common/site-content/upgrade.ts';
import type { Database } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { siteContentRevisions } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';

/** What a publication can come to. */
type PublishOutcome =
  | { outcome: 'published'; published: PublishedSiteContent }
  /** The edit was made from `version`, but another was published since: nothing was written. */
  | { outcome: 'conflict'; current: PublishedSiteContent };

const updateSchema = z.object({
  version: z.number('The version the content was edited from is required').check(z.int(), z.minimum(1)),
  content: publishableSiteContentSchema,
});

const firstVersionSummary = 'First version, from the site’s original content';

type RevisionRow = typeof siteContentRevisions.$inferSelect;

function toPublished(row: RevisionRow): PublishedSiteContent {
  return {
    version: row.version,
    // Stored JSON is checked like any other input: a row written by hand cannot break the site.
    content: siteContentSchema.parse(withInfoPages(row.content)),
    publishedAt: row.createdAt.toISOString(),
    publishedBy: row.authorName,
  };
}

async function latestRow(db: Database): Promise<RevisionRow | undefined> {
  const [row] = await db
    .select()
    .from(siteContentRevisions)
    .orderBy(desc(siteContentRevisions.version))
    .limit(1);
  return row;
}

/**
 * The published document; a new database gets its first version from `seed` (written once, even
 * when several processes start together: the version is unique).
 */
export async function readPublished(db: Database, seed: () => SiteContent): Promise<PublishedSiteContent> {
  const row = await latestRow(db);
  if (row) return toPublished(row);
  await db
    .insert(siteContentRevisions)
    .values({ version: 1, content: siteContentSchema.parse(seed()), summary: firstVersionSummary })
    .onConflictDoNothing({ target: siteContentRevisions.version });
  return toPublished((await latestRow(db))!);
}

/**
 * Services keep the addresses they had: a service whose slug changes gets its old one among
 * `formerSlugs` (answered with a permanent redirect), whatever the client sent for them. An
 * address that a service uses now is nobody's former one.
 */
function withFormerSlugs(previous: SiteContent, next: SiteContent): SiteContent {
  const inUse = new Set(next.services.map((service) => service.slug));
  return {
    ...next,
    services: next.services.map((service) => {
      const was = previous.services.find((entry) => entry.key === service.key);
      const former = new Set(was?.formerSlugs ?? []);
      if (was && was.slug !== service.slug) former.add(was.slug);
      return { ...service, formerSlugs: [...former].filter((slug) => !inUse.has(slug)) };
    }),
  };
}

async function insertVersion(
  db: Database,
  current: PublishedSiteContent,
  content: SiteContent,
  author: StaffUser,
  restored?: { id: number; version: number },
): Promise<PublishedSiteContent | null> {
  const next = withFormerSlugs(current.content, content);
  const changes = summariseChanges(describeChanges(current.content, next));
  try {
    const [row] = await db
      .insert(siteContentRevisions)
      .values({
        version: current.version + 1,
        content: next,
        summary: restored ? `Restored version ${restored.version}: ${changes}` : changes,
        authorId: author.id,
        authorName: author.username,
        restoredFrom: restored?.id ?? null,
      })
      .returning();
    return toPublished(row!);
  } catch (error) {
    // Someone published the same version first.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/**
 * Publishes `input` ({ version, content }) as the next version, if `version` is still the
 * published one; otherwise nothing is written and the caller gets the current document.
 * Invalid content is refused (400) with a message per field.
 */
export async function publishSiteContent(
  db: Database,
  input: unknown,
  author: StaffUser,
  seed: () => SiteContent,
): Promise<PublishOutcome> {
  const parsed = z.safeParse(updateSchema, input);
  if (!parsed.success) throw new HttpError(400, invalidFieldsMessage, contentFieldErrors(parsed.error));
  const current = await readPublished(db, seed);
  if (parsed.data.version !== current.version) return { outcome: 'conflict', current };
  const published = await insertVersion(db, current, parsed.data.content, author);
  return published
    ? { outcome: 'published', published }
    : { outcome: 'conflict', current: await readPublished(db, seed) };
}

/** The body's errors keyed as the editor names its fields (`services.1.title`, not `content.…`). */
function contentFieldErrors(error: z.core.$ZodError): Record<string, string[]> {
  const fieldErrors = siteContentFieldErrors(error);
  return Object.fromEntries(
    Object.entries(fieldErrors).map(([key, messages]) => [key.replace(/^content\./, ''), messages]),
  );
}

const revisionNotFound = () => new HttpError(404, 'That version of the content does not exist.');

/** Publishes an earlier revision's content as a new version (it becomes the newest). */
export async function restoreRevision(
  db: Database,
  id: number,
  author: StaffUser,
  seed: () => SiteContent,
): Promise<PublishedSiteContent> {
  const [revision] = await db.select().from(siteContentRevisions).where(eq(siteContentRevisions.id, id));
  if (!revision) throw revisionNotFound();
  const { content } = toPublished(revision);
  // A restore does not depend on what was being edited, so a lost race simply goes again.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const current = await readPublished(db, seed);
    const published = await insertVersion(db, current, content, author, revision);
    if (published) return published;
  }
  throw new HttpError(409, 'The content is being changed by someone else. Please try again.');
}

/** Revisions, newest first, `limit` at a time, older than version `before` when given. */
export async function listRevisions(
  db: Database,
  { before, limit }: { before?: number; limit: number },
): Promise<SiteContentRevision[]> {
  const rows = await db
    .select({
      id: siteContentRevisions.id,
      version: siteContentRevisions.version,
      author: siteContentRevisions.authorName,
      createdAt: siteContentRevisions.createdAt,
      summary: siteContentRevisions.summary,
    })
    .from(siteContentRevisions)
    .where(and(before === undefined ? undefined : lt(siteContentRevisions.version, before)))
    .orderBy(desc(siteContentRevisions.version))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** One revision with its content, to show what a restore would bring back. */
export async function readRevision(
  db: Database,
  id: number,
): Promise<SiteContentRevision & { content: SiteContent }> {
  const [row] = await db.select().from(siteContentRevisions).where(eq(siteContentRevisions.id, id));
  if (!row) throw revisionNotFound();
  return {
    id: row.id,
    version: row.version,
    author: row.authorName,
    createdAt: row.createdAt.toISOString(),
    summary: row.summary,
    content: toPublished(row).content,
  };
}
