import { and, desc, eq, lt, sql } from 'drizzle-orm';
import * as z from 'zod/mini';
import type { StaffUser } from '#common/auth/auth.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import {
  mayChangeSettings,
  settingsDomains,
  settingsOwnersMessage,
  type DomainSettings,
  type SettingsChange,
  type SettingsContext,
  type SettingsDomain,
  type SettingsDomainDefinition,
  type SettingsOf,
} from '#common/settings/domains.ts';
import type { Database } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import { businessSettings, businessSettingsChanges } from '#server/db/schema.ts';
import { HttpError } from '#server/http/errors.ts';

/**
 * The settings store (common/settings/domains.ts): one row per domain with its version, and
 * every version kept with who made it and what it changed. A change names the version it was
 * made from; if another was made since, nothing is written and the caller gets the current one.
 */

/** A domain's row as stored: its settings checked by the domain's schema. */
export type StoredSettings<Domain extends SettingsDomain = SettingsDomain> = {
  version: number;
  settings: SettingsOf<Domain>;
  changedAt: Date;
  changedBy: string | null;
};

export type StoredSettingsRows = { readonly [Domain in SettingsDomain]?: StoredSettings<Domain> };

const definitionOf = <Domain extends SettingsDomain>(domain: Domain) =>
  settingsDomains[domain] as unknown as SettingsDomainDefinition<SettingsOf<Domain>>;

/** Stored JSON is checked like any other input: a row written by hand fails loudly, not oddly. */
const parseStored = <Domain extends SettingsDomain>(domain: Domain, json: unknown): SettingsOf<Domain> =>
  z.parse(definitionOf(domain).schema, json);

/** Every domain's stored row (a domain that was never changed has none). */
export async function readStoredSettings(db: Database): Promise<StoredSettingsRows> {
  const rows = await db.select().from(businessSettings);
  const stored: Partial<Record<SettingsDomain, StoredSettings>> = {};
  for (const row of rows) {
    const domain = row.domain as SettingsDomain;
    if (!Object.hasOwn(settingsDomains, domain)) continue;
    stored[domain] = {
      version: row.version,
      settings: parseStored(domain, row.settings),
      changedAt: row.changedAt,
      changedBy: row.changedByName,
    };
  }
  return stored as StoredSettingsRows;
}

/** The settings in force of `domain`: as stored, brought up to the rest of the business, or the defaults. */
export function settingsInForce<Domain extends SettingsDomain>(
  domain: Domain,
  stored: StoredSettings<Domain> | undefined,
  context: SettingsContext,
): SettingsOf<Domain> {
  const definition = definitionOf(domain);
  if (!stored) return definition.defaults(context);
  return definition.inForce ? definition.inForce(stored.settings, context) : stored.settings;
}

/** The answer of GET /api/settings/{domain}. */
export const domainSettingsOf = <Domain extends SettingsDomain>(
  domain: Domain,
  stored: StoredSettings<Domain> | undefined,
  context: SettingsContext,
): DomainSettings<Domain> => ({
  domain,
  version: stored?.version ?? 0,
  settings: settingsInForce(domain, stored, context),
  changedAt: stored?.changedAt.toISOString() ?? null,
  changedBy: stored?.changedBy ?? null,
});

/** What a change can come to. */
type SettingsChangeOutcome<Domain extends SettingsDomain> =
  | { outcome: 'changed'; stored: StoredSettings<Domain> }
  /** They are as sent already: no new version. */
  | { outcome: 'unchanged' }
  /** Made from `version`, but another was made since: nothing was written. */
  | { outcome: 'conflict' };

const versionSchema = z
  .number('The version the settings were read from is required')
  .check(z.int('The version must be a whole number'), z.minimum(0, 'The version cannot be negative'));

/** The body's failures keyed by the settings' own fields (`locations.1.key`, not `settings.…`). */
function refused(issues: { path: (string | number)[]; message: string }[]): never {
  const fieldErrors: Record<string, string[]> = {};
  for (const { path, message } of issues) {
    const key = path.map(String).join('.') || 'settings';
    (fieldErrors[key.replace(/^settings\./, '')] ??= []).push(message);
  }
  throw new HttpError(400, invalidFieldsMessage, fieldErrors);
}

/** The body of PUT /api/settings/{domain}, checked: 400 with the fields at fault otherwise. */
function parseSettingsUpdate<Domain extends SettingsDomain>(
  domain: Domain,
  body: unknown,
  context: SettingsContext,
): { version: number; settings: SettingsOf<Domain> } {
  const definition = definitionOf(domain);
  const parsed = z.safeParse(z.object({ version: versionSchema, settings: definition.schema }), body);
  if (!parsed.success) {
    refused(parsed.error.issues.map(({ path, message }) => ({ path: path.map(String), message })));
  }
  const issues = definition.check?.(parsed.data.settings, context) ?? [];
  if (issues.length > 0) refused(issues);
  return parsed.data;
}

/** Settings as the schema writes them, to tell an edit that changes nothing. */
const canonical = (domain: SettingsDomain, settings: unknown) =>
  JSON.stringify(z.parse(definitionOf(domain).schema, settings));

/**
 * Changes the settings of `domain` to `body` ({ version, settings }) if `version` is still the
 * stored one (0 while they are the defaults), as `author`, who must be allowed to (403
 * otherwise). Refused with 400 and the fields at fault when they are not valid.
 */
export async function changeSettings<Domain extends SettingsDomain>(
  db: Database,
  domain: Domain,
  body: unknown,
  author: StaffUser,
  context: SettingsContext,
): Promise<SettingsChangeOutcome<Domain>> {
  if (!mayChangeSettings(author.role, domain)) throw new HttpError(403, settingsOwnersMessage(domain));
  const { version, settings } = parseSettingsUpdate(domain, body, context);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(businessSettings)
      .where(eq(businessSettings.domain, domain))
      .for('update');
    if ((row?.version ?? 0) !== version) return { outcome: 'conflict' as const };
    const was = row ? { ...row, settings: parseStored(domain, row.settings), changedBy: null } : undefined;
    const before = settingsInForce(domain, was, context);
    if (was && canonical(domain, was.settings) === canonical(domain, settings)) {
      return { outcome: 'unchanged' as const };
    }
    const next = { version: version + 1, settings, changedById: author.id, changedByName: author.username };
    const written = await writeVersion(tx, domain, row !== undefined, next);
    if (!written) return { outcome: 'conflict' as const };
    const after = settingsInForce(domain, { ...next, changedAt: written, changedBy: null }, context);
    const changes = definitionOf(domain).changes(before, after, context);
    await tx.insert(businessSettingsChanges).values({ domain, ...next, changes, changedAt: written });
    return {
      outcome: 'changed' as const,
      stored: { version: next.version, settings, changedAt: written, changedBy: author.username },
    };
  });
}

/** Writes the next version: the row's first, or over the one it was made from. Answers when, or null. */
async function writeVersion(
  tx: Database,
  domain: SettingsDomain,
  exists: boolean,
  next: { version: number; settings: unknown; changedById: number; changedByName: string },
): Promise<Date | null> {
  try {
    const [written] = exists
      ? await tx
          .update(businessSettings)
          .set({ ...next, changedAt: sql`now()` })
          .where(and(eq(businessSettings.domain, domain), eq(businessSettings.version, next.version - 1)))
          .returning({ changedAt: businessSettings.changedAt })
      : await tx
          .insert(businessSettings)
          .values({ domain, ...next })
          .onConflictDoNothing({ target: businessSettings.domain })
          .returning({ changedAt: businessSettings.changedAt });
    return written?.changedAt ?? null;
  } catch (error) {
    // Someone made the same version first.
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** The changes of `domain`, newest first, `limit` at a time, older than version `before` when given. */
export async function listSettingsChanges(
  db: Database,
  domain: SettingsDomain,
  { before, limit }: { before?: number; limit: number },
): Promise<SettingsChange[]> {
  const rows = await db
    .select({
      version: businessSettingsChanges.version,
      changedAt: businessSettingsChanges.changedAt,
      changedBy: businessSettingsChanges.changedByName,
      changes: businessSettingsChanges.changes,
    })
    .from(businessSettingsChanges)
    .where(
      and(
        eq(businessSettingsChanges.domain, domain),
        before === undefined ? undefined : lt(businessSettingsChanges.version, before),
      ),
    )
    .orderBy(desc(businessSettingsChanges.version))
    .limit(limit);
  return rows.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() }));
}
