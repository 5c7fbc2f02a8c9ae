import request from 'supertest';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingSettingsOf } from '#common/bookings/settings.ts';
import { defaultInvoicingSettings } from '#common/jobs/invoicing-settings.ts';
import { defaultReminderSettings } from '#common/reminders/settings.ts';
import {
  settingsConflictMessage,
  settingsOwnersMessage,
  type DomainSettings,
  type SettingsChange,
  type SettingsDomain,
} from '#common/settings/domains.ts';
import type { PublishedSiteContent } from '#common/site-content/site-content.ts';
import { defaultTyrePricing } from '#common/tyres/pricing-settings.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { addTyre, clearTyres, publicPriceOf } from '#tests/support/tyres.ts';
import { activityLog, businessSettings, businessSettingsChanges } from '../db/schema.ts';
import { PageCache } from '../pages/page-cache.ts';

// The business's settings, one domain at a time, on the real store (GET/PUT /api/settings/{domain}).
const pageCache = new PageCache();
const fixture = useTestApp({ dependencies: () => ({ pageCache }) });

beforeEach(async () => {
  await fixture.database.db.delete(businessSettingsChanges);
  await fixture.database.db.delete(businessSettings);
  await clearTyres(fixture.database.db);
  vi.restoreAllMocks();
});

const api = () => request(fixture.app);
const owner = () => fixture.staff.headers;

async function branches() {
  const published = (await api().get('/api/site-content').set(owner()).expect(200))
    .body as PublishedSiteContent;
  return published.content.branches;
}

type Headers = Record<string, string>;

const read = async <Domain extends SettingsDomain>(domain: Domain, headers: Headers = owner()) =>
  (await api().get(`/api/settings/${domain}`).set(headers).expect(200)).body as DomainSettings<Domain>;

const change = (domain: SettingsDomain, body: object, headers: Headers = owner()) =>
  api().put(`/api/settings/${domain}`).set(headers).send(body);

describe('the settings of a domain', () => {
  it('are the defaults in force at version 0 until someone changes them', async () => {
    const own = await branches();
    expect(await read('booking')).toEqual({
      domain: 'booking',
      version: 0,
      settings: bookingSettingsOf({ branches: own }),
      changedAt: null,
      changedBy: null,
    });
    expect((await read('tyres')).settings).toEqual(defaultTyrePricing);
    expect((await read('invoicing')).settings).toEqual(defaultInvoicingSettings(own));
    expect((await read('reminders')).settings).toEqual(defaultReminderSettings);
    await api().get('/api/settings/payroll').set(owner()).expect(404);
    await change('payroll' as SettingsDomain, { version: 0, settings: {} }).expect(404);
  });

  it('change from the version they were read at, with who and when, kept in the history and the activity log', async () => {
    const before = await read('reminders');
    const changed = await change('reminders', {
      version: before.version,
      settings: { ...before.settings, tyreWeeks: 6, reviewLink: 'https://g.page/r/review' },
    }).expect(200);
    expect(changed.body).toMatchObject({
      domain: 'reminders',
      version: 1,
      settings: { tyreWeeks: 6, reviewLink: 'https://g.page/r/review' },
      changedBy: fixture.staff.username,
    });
    expect(await read('reminders')).toEqual(changed.body);
    // Sent again as it is: no new version.
    await change('reminders', { version: 1, settings: changed.body.settings }).expect(200);
    const again = await change('reminders', {
      version: 1,
      settings: { ...changed.body.settings, tyreWeeks: 5 },
    }).expect(200);
    expect(again.body.version).toBe(2);

    const history = (await api().get('/api/settings/reminders/history').set(owner()).expect(200))
      .body as SettingsChange[];
    expect(history.map(({ version, changedBy, changes }) => ({ version, changedBy, changes }))).toEqual([
      {
        version: 2,
        changedBy: fixture.staff.username,
        changes: ['Reminders: tyre reminder, weeks after “6” → “5”'],
      },
      {
        version: 1,
        changedBy: fixture.staff.username,
        changes: [
          'Reminders: tyre reminder, weeks after “8” → “6”',
          'Reminders: review link (empty) → “https://g.page/r/review”',
        ],
      },
    ]);
    const older = await api()
      .get('/api/settings/reminders/history?before=2&limit=5')
      .set(owner())
      .expect(200);
    expect(older.body.map((entry: SettingsChange) => entry.version)).toEqual([1]);
    const badQuery = await api().get('/api/settings/reminders/history?limit=500').set(owner()).expect(400);
    expect(badQuery.body.fieldErrors).toEqual({ limit: ['limit must be a whole number from 1 to 200.'] });
    const logged = await fixture.database.db.select().from(activityLog);
    expect(logged.filter((entry) => entry.kind === 'settings-changed')).toHaveLength(2);
  });

  it('made from a stale version are refused with the current ones, and nothing is overwritten', async () => {
    const first = await change('tyres', {
      version: 0,
      settings: { ...defaultTyrePricing, rounding: 'pound' },
    }).expect(200);
    const stale = await change('tyres', {
      version: 0,
      settings: { ...defaultTyrePricing, rounding: 'penny' },
    }).expect(409);
    expect(stale.body).toEqual({ error: settingsConflictMessage, current: first.body });
    expect((await read('tyres')).settings.rounding).toBe('pound');
    await change('tyres', { version: 7, settings: defaultTyrePricing }).expect(409);
  });

  it('are refused with the field at fault when they are not valid, and nothing is stored', async () => {
    const booking = await read('booking');
    const settings = structuredClone(booking.settings);
    settings.noticeHours = -1;
    settings.locations[2]!.key = 'romford';
    const refused = await change('booking', { version: 0, settings }).expect(400);
    expect(Object.keys(refused.body.fieldErrors)).toEqual(['noticeHours']);
    settings.noticeHours = 24;
    const noBranch = await change('booking', { version: 0, settings }).expect(400);
    expect(noBranch.body.fieldErrors).toEqual({ 'locations.2.key': ['No such branch'] });
    const noVersion = await change('booking', { settings: booking.settings }).expect(400);
    expect(Object.keys(noVersion.body.fieldErrors)).toEqual(['version']);
    expect(await fixture.database.db.select().from(businessSettings)).toEqual([]);
  });

  it('are changed by the roles each domain allows: owners alone change prices and invoicing', async () => {
    const staff = (await signedInStaff(fixture.database.db, 'sam', new Date(), 'staff')).headers;
    const fitter = (await signedInStaff(fixture.database.db, 'fitz', new Date(), 'fitter')).headers;
    const tyres = await change('tyres', { version: 0, settings: defaultTyrePricing }, staff).expect(403);
    expect(tyres.body.error).toBe(settingsOwnersMessage('tyres'));
    const invoicing = await read('invoicing', staff);
    await change(
      'invoicing',
      { version: 0, settings: { ...invoicing.settings, reductionLimitPercent: 50 } },
      staff,
    ).expect(403);
    await change('booking', { version: 0, settings: (await read('booking', staff)).settings }, staff).expect(
      200,
    );
    await change('reminders', { version: 0, settings: defaultReminderSettings }, staff).expect(200);
    await api().get('/api/settings/booking').set(fitter).expect(403);
    await change('reminders', { version: 1, settings: defaultReminderSettings }, fitter).expect(403);
    await api().get('/api/settings/booking').expect(401);
    await change('reminders', { version: 1, settings: defaultReminderSettings }, {}).expect(401);
    expect((await read('invoicing')).version).toBe(0);
  });

  it('reprice every tyre at once: the price rules and the invoicing’s VAT rate alike', async () => {
    const tyre = await addTyre(fixture.database.db);
    const before = await publicPriceOf(fixture.app, tyre.id);
    await change('tyres', {
      version: 0,
      settings: { ...defaultTyrePricing, rounding: 'pound', fitting: [{ upToRim: 24, pence: 2_000 }] },
    }).expect(200);
    // £62.40 -> £63.00, and £20.00 fitting.
    expect(await publicPriceOf(fixture.app, tyre.id)).toBe(8_300);
    expect(before).not.toBe(8_300);
    const invoicing = await read('invoicing');
    await change('invoicing', { version: 0, settings: { ...invoicing.settings, vatRatePercent: 0 } }).expect(
      200,
    );
    // £52.00 -> £52.00 (already a pound), and £20.00 fitting, no VAT.
    expect(await publicPriceOf(fixture.app, tyre.id)).toBe(7_200);
  });

  it('empty the page cache only of the pages that show them', async () => {
    const emptied = vi.spyOn(pageCache, 'invalidatePages');
    const everything = vi.spyOn(pageCache, 'invalidate');
    await change('reminders', { version: 0, settings: { ...defaultReminderSettings, tyreWeeks: 9 } }).expect(
      200,
    );
    await change('booking', {
      version: 0,
      settings: { ...(await read('booking')).settings, noticeHours: 12 },
    }).expect(200);
    expect(emptied.mock.calls).toEqual([[[]], [['/book', '/mot', '/servicing']]]);
    expect(everything).not.toHaveBeenCalled();
  });
});
