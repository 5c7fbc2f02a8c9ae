import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingSettingsOf, type BookingSettings } from '#common/bookings/settings.ts';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import type { DomainSettings, SettingsChange } from '#common/settings/domains.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { defaultSiteSettings } from '#common/site-content/site-settings.ts';
import { defaultTyrePricing } from '#common/tyres/pricing-settings.ts';
import { createTestApp } from '#tests/support/app.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { businessSettings, businessSettingsChanges, siteContentRevisions } from '../db/schema.ts';
import { migrationsDir } from '../paths.ts';

// Migration 0035 carries each installation's settings out of the site content, unchanged.
const fixture = useTestApp();

/** The statements of migration 0035 that carry the settings over (the tables exist already). */
const carryOver = () =>
  fs
    .readFileSync(path.join(migrationsDir, '0035_business_settings.sql'), 'utf8')
    .split('--> statement-breakpoint')
    .filter((statement) => /^\s*(--[^\n]*\n\s*)*(WITH|INSERT|UPDATE)\b/.test(statement));

const seed = () => seedSiteContent(defaultSiteSettings);

/** A document as stored before the settings had a home of their own. */
type OldDocument = ReturnType<typeof seed> & Record<string, unknown>;

async function storedRevisions(...documents: { content: OldDocument; author: string | null; at: string }[]) {
  const db = fixture.database.db;
  await db.delete(businessSettingsChanges);
  await db.delete(businessSettings);
  await db.delete(siteContentRevisions);
  let version = 0;
  for (const { content, author, at } of documents) {
    version += 1;
    await db.insert(siteContentRevisions).values({
      version,
      content,
      summary: `version ${version}`,
      authorName: author,
      createdAt: new Date(at),
    });
  }
  for (const statement of carryOver()) await db.execute(sql.raw(statement));
}

/** What a freshly started server answers (its stores read the database anew). */
async function settingsNow(domain: string) {
  const app = createTestApp(fixture.database);
  return (await request(app).get(`/api/settings/${domain}`).set(fixture.staff.headers).expect(200))
    .body as DomainSettings;
}

beforeEach(async () => {
  await fixture.database.db.delete(siteContentRevisions);
});

describe('the settings of an installation from before they had their own home', () => {
  const booking = (): BookingSettings => {
    const settings = bookingSettingsOf({ branches: seed().branches });
    settings.noticeHours = 36;
    settings.closedDates = [{ date: '2026-12-24', location: '', note: 'Christmas Eve' }];
    return settings;
  };
  const tyres = { ...defaultTyrePricing, rounding: 'pound' as const, vatPercent: 17.5 };
  const reminders = { ...defaultReminderSettings, tyreWeeks: 6, reviewLink: 'https://g.page/r/review' };

  it('are each found in their new home, dated and signed as the version since which they were so', async () => {
    const first: OldDocument = { ...seed(), booking: booking(), tyres, reminders };
    const renamed: OldDocument = { ...first, business: { ...first.business, companyName: 'Renamed Tyres' } };
    await storedRevisions(
      { content: seed(), author: null, at: '2026-01-01T09:00:00Z' },
      { content: first, author: 'alice', at: '2026-03-02T10:00:00Z' },
      { content: renamed, author: 'sam', at: '2026-04-05T11:00:00Z' },
    );
    const carried = { version: 1, changedAt: '2026-03-02T10:00:00.000Z', changedBy: 'alice' };
    expect(await settingsNow('booking')).toEqual({ domain: 'booking', settings: booking(), ...carried });
    const { vatPercent, ...rules } = tyres;
    expect(await settingsNow('tyres')).toEqual({ domain: 'tyres', settings: rules, ...carried });
    expect(await settingsNow('reminders')).toEqual({ domain: 'reminders', settings: reminders, ...carried });
    // Never set, but its VAT rate was not the standard one: invoices now say so too.
    const branch = seed().branches[0]!.address;
    expect(await settingsNow('invoicing')).toEqual({
      domain: 'invoicing',
      settings: {
        address: [branch.street, branch.locality, branch.postcode],
        // Stored as the placeholder it then was, read as not set.
        vatNumber: null,
        vatRatePercent: vatPercent,
        reductionLimitPercent: 10,
      },
      ...carried,
    });
    const history = (
      await request(createTestApp(fixture.database))
        .get('/api/settings/booking/history')
        .set(fixture.staff.headers)
        .expect(200)
    ).body as SettingsChange[];
    expect(history).toEqual([{ ...carried, changes: ['Carried over from the site content'] }]);
    // The content keeps what the website shows, and no settings.
    const content = (
      await request(createTestApp(fixture.database))
        .get('/api/site-content')
        .set(fixture.staff.headers)
        .expect(200)
    ).body as { content: Record<string, unknown> };
    expect(content.content).not.toHaveProperty('booking');
    expect(content.content).not.toHaveProperty('tyres');
    expect((content.content.business as { companyName: string }).companyName).toBe('Renamed Tyres');
  });

  it('keep the invoicing details as set, with the tyre prices’ VAT rate; a domain never set keeps its defaults', async () => {
    const invoicing = {
      address: ['Unit 4, Brook Street', 'Romford RM3 0AB'],
      vatNumber: 'GB 123 4567 89',
      reductionLimitPercent: 25,
    };
    await storedRevisions({
      content: { ...seed(), invoicing, tyres: { ...defaultTyrePricing, vatPercent: 20 } },
      author: 'alice',
      at: '2026-03-02T10:00:00Z',
    });
    expect((await settingsNow('invoicing')).settings).toEqual({ ...invoicing, vatRatePercent: 20 });
    expect((await settingsNow('tyres')).settings).toEqual(defaultTyrePricing);
    expect(await settingsNow('booking')).toMatchObject({ version: 0, changedAt: null });
    expect(await settingsNow('reminders')).toMatchObject({ version: 0, settings: defaultReminderSettings });
  });

  it('leave a new installation, whose content holds none, on the defaults', async () => {
    await storedRevisions();
    expect(await fixture.database.db.select().from(businessSettings)).toEqual([]);
  });
});
