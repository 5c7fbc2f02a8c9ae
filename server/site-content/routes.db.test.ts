import { defaultReminderSettings } from '#common/reminders/settings.ts';
import { eq } from 'drizzle-orm';
import type express from 'express';
import pino from 'pino';
import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminRequestHeader } from '#common/http/api.ts';
import {
  defaultCustomerEmails,
  siteContentConflictMessage,
  type PublishedSiteContent,
  type SiteContent,
} from '#common/site-content/site-content.ts';
import { publicContent } from '#common/site-content/public-content.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { createTestApp, testConfig, testOrigin } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { siteContentRevisions, users } from '../db/schema.ts';
import { notificationAddresses } from '../notifications/addresses.ts';
import { watchSiteContent } from '../pages/content-changes.ts';
import { createSettingsStore } from '../settings/store.ts';
import { createSiteContentStore, type SiteContentStore } from './store.ts';

const fixture = useTestApp({ staff: { username: 'alice' } });
let app: express.Express;
let store: SiteContentStore;
let alice: Awaited<ReturnType<typeof signedInStaff>>;
let bob: Awaited<ReturnType<typeof signedInStaff>>;

const config = testConfig({ SITE_COMPANY_NAME: 'Seeded Tyres Ltd', SITE_EMAIL: 'hello@seeded.example' });
const seed = () => seedSiteContent(config.site);

beforeAll(async () => {
  alice = fixture.staff;
  bob = await signedInStaff(fixture.database.db, 'bob');
});

beforeEach(async () => {
  // Each test starts from a new database's content (the seed as version 1) and a new process.
  await fixture.database.db.delete(siteContentRevisions);
  store = createSiteContentStore(fixture.database.db, seed);
  app = createTestApp(fixture.database, { config, siteContent: store });
});

/** The published document as the dashboard's Content tab reads it, signed in. */
const published = async (): Promise<PublishedSiteContent> =>
  (await request(app).get('/api/site-content').set('Cookie', alice.cookie).expect(200))
    .body as PublishedSiteContent;

function edited(content: SiteContent, change: (draft: SiteContent) => void): SiteContent {
  const draft = structuredClone(content);
  change(draft);
  return draft;
}

const publish = (
  staff: { headers: Record<string, string> },
  body: { version: number; content: SiteContent },
) => request(app).put('/api/site-content').set(staff.headers).send(body);

const puncturePrice = (content: SiteContent) =>
  content.services.find((service) => service.key === 'puncture-repair')!.pricing[0]!;

describe('GET /api/site-content', () => {
  it('answers staff with the published document: on a new database, version 1 seeded from the settings', async () => {
    const document = await published();
    expect(document).toMatchObject({ version: 1, publishedBy: null });
    expect(document.content).toEqual(seed());
    expect(document.content.business).toMatchObject({
      companyName: 'Seeded Tyres Ltd',
      email: 'hello@seeded.example',
      formattedPhone: '020 7946 0123',
    });
    expect(puncturePrice(document.content)).toEqual({ name: 'Standard puncture repair', price: '£25' });
  });

  it('names who published it to signed-in staff only: anyone else gets no staff name', async () => {
    const { version, content } = await published();
    await publish(alice, {
      version,
      content: edited(content, (draft) => void (puncturePrice(draft).price = '£30')),
    }).expect(200);
    const staffView = await published();
    expect(staffView).toMatchObject({ version: 2, publishedBy: 'alice' });
    const anonymous = await request(app).get('/api/site-content').expect(200);
    const rest = {
      version: 2,
      content: publicContent(staffView.content),
      publishedAt: staffView.publishedAt,
    };
    expect(anonymous.body).toEqual(rest);
    expect(JSON.stringify(anonymous.body)).not.toContain('alice');
    // A cookie that is no session is anyone else too.
    const forged = await request(app).get('/api/site-content').set('Cookie', 'session=forged').expect(200);
    expect(forged.body).toEqual(rest);
    // Nor does any other anonymous answer built from the site's data.
    for (const url of ['/api/services', '/api/images']) {
      const answer = await request(app).get(url).expect(200);
      expect({ url, text: answer.text.includes('alice') }).toEqual({ url, text: false });
    }
  });
});

describe('PUT /api/site-content', () => {
  it('publishes a new version with its author, kept in the history, and serves it at once', async () => {
    const { version, content } = await published();
    const next = edited(content, (draft) => {
      puncturePrice(draft).price = '£30';
      draft.branches[0]!.hours.saturday = { closed: false, opens: '09:00', closes: '15:00' };
    });
    const response = await publish(alice, { version, content: next }).expect(200);
    expect(response.body).toMatchObject({ version: 2, publishedBy: 'alice' });
    expect(puncturePrice(response.body.content)).toEqual({ name: 'Standard puncture repair', price: '£30' });
    expect(await published()).toEqual(response.body);

    const history = await request(app).get('/api/site-content/revisions').set(alice.headers).expect(200);
    expect(history.body).toEqual([
      {
        id: expect.any(Number),
        version: 2,
        author: 'alice',
        createdAt: expect.any(String),
        // The hours, and the booking windows that follow them while the site has none of its own
        // (mobile fitting's, and the branch's for tyre work, MOT testing and servicing).
        summary: 'Puncture Repair: Standard puncture repair £25 → £30; and 1 more change',
      },
      {
        id: expect.any(Number),
        version: 1,
        author: null,
        createdAt: expect.any(String),
        summary: 'First version, from the site’s original content',
      },
    ]);
  });

  it('refuses an edit of a stale version with 409 and the current document, writing nothing', async () => {
    const base = await published();
    const alicesEdit = edited(base.content, (draft) => void (puncturePrice(draft).price = '£30'));
    const bobsEdit = edited(base.content, (draft) => void (draft.business.formattedPhone = '01708 555 000'));
    const first = await publish(alice, { version: base.version, content: alicesEdit }).expect(200);

    const conflict = await publish(bob, { version: base.version, content: bobsEdit }).expect(409);
    expect(conflict.body).toEqual({ error: siteContentConflictMessage, current: first.body });
    expect(await published()).toEqual(first.body);
    expect(await fixture.database.db.select().from(siteContentRevisions)).toHaveLength(2);

    // Bob, having seen both, publishes over the current version: nothing of Alice's is lost
    // unless he chooses it.
    const merged = edited(
      first.body.content,
      (draft) => void (draft.business.formattedPhone = '01708 555 000'),
    );
    const second = await publish(bob, { version: first.body.version, content: merged }).expect(200);
    expect(second.body.content.business.formattedPhone).toBe('01708 555 000');
    expect(puncturePrice(second.body.content).price).toBe('£30');
  });

  it('lets only one of two simultaneous publications of the same version through', async () => {
    const base = await published();
    const answers = await Promise.all(
      ['£31', '£32', '£33'].map((price) =>
        publish(alice, {
          version: base.version,
          content: edited(base.content, (draft) => void (puncturePrice(draft).price = price)),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409]);
    expect((await published()).version).toBe(2);
  });

  it('answers 400 with a message per field for invalid content, and keeps what was published', async () => {
    const before = await published();
    const response = await publish(alice, {
      version: before.version,
      content: edited(before.content, (draft) => {
        draft.business.email = 'nobody';
        puncturePrice(draft).price = '';
        draft.branches[0]!.hours.saturday = { closed: false, opens: '17:00', closes: '09:00' };
      }),
    }).expect(400);
    expect(response.body).toEqual({
      error: 'Please check the highlighted fields and try again.',
      fieldErrors: {
        'business.email': ['Enter a valid e-mail address, for example enquiries@yourcompany.co.uk'],
        'services.1.pricing.0.price': ['Enter a price, for example £25 or From £45'],
        'branches.0.hours.saturday.closes': ['Closing time must be after opening time'],
      },
    });
    expect(await published()).toEqual(before);

    const withoutBranches = await publish(alice, {
      version: before.version,
      content: edited(before.content, (draft) => void (draft.branches = [])),
    }).expect(400);
    expect(withoutBranches.body.fieldErrors).toEqual({ branches: ['Add at least one branch'] });
    const sameAddress = await publish(alice, {
      version: before.version,
      content: edited(before.content, (draft) => void (draft.services[2]!.slug = 'Tyre-Replacement')),
    }).expect(400);
    expect(sameAddress.body.fieldErrors).toEqual({
      'services.2.slug': ['Another service already uses this address'],
    });

    const noVersion = await request(app)
      .put('/api/site-content')
      .set(alice.headers)
      .send({ content: before.content })
      .expect(400);
    expect(noVersion.body.fieldErrors).toEqual({
      version: ['The version the content was edited from is required'],
    });
    await request(app)
      .put('/api/site-content')
      .set({ ...alice.headers, 'Content-Type': 'application/json' })
      .send('{"version": 1, "content": ')
      .expect(400);
  });

  it('refuses anonymous and cross-site writes (401, 403), changing nothing', async () => {
    const before = await published();
    const body = {
      version: before.version,
      content: edited(before.content, (draft) => void (draft.business.companyName = 'Hijacked')),
    };
    await request(app).put('/api/site-content').send(body).expect(401);
    await request(app)
      .put('/api/site-content')
      .set({ Cookie: alice.cookie, Origin: 'https://evil.example', [adminRequestHeader.name]: '1' })
      .send(body)
      .expect(403);
    await request(app)
      .put('/api/site-content')
      .set({ Cookie: alice.cookie, Origin: testOrigin })
      .send(body)
      .expect(403);
    await request(app).get('/api/site-content/revisions').expect(401);
    await request(app).post('/api/site-content/revisions/1/restore').expect(401);
    expect(await published()).toEqual(before);
  });

  it('keeps a renamed service’s old address among its former ones, whatever the client sends', async () => {
    const { version, content } = await published();
    const renamed = await publish(alice, {
      version,
      content: edited(content, (draft) => {
        const service = draft.services.find((entry) => entry.key === 'tpms-services')!;
        service.slug = 'tyre-pressure-sensors';
        service.formerSlugs = ['made-up'];
      }),
    }).expect(200);
    const tpms = () =>
      renamed.body.content.services.find((entry: { key: string }) => entry.key === 'tpms-services');
    expect(tpms()).toMatchObject({ slug: 'tyre-pressure-sensors', formerSlugs: ['tpms-services'] });

    // Renamed back: the address in use is nobody's former one.
    const back = await publish(alice, {
      version: renamed.body.version,
      content: edited(renamed.body.content, (draft) => {
        draft.services.find((entry) => entry.key === 'tpms-services')!.slug = 'tpms-services';
      }),
    }).expect(200);
    expect(
      back.body.content.services.find((entry: { key: string }) => entry.key === 'tpms-services'),
    ).toMatchObject({
      slug: 'tpms-services',
      formerSlugs: ['tyre-pressure-sensors'],
    });
  });
});

describe('revisions', () => {
  it('restores an earlier revision as a new version, and the history says so', async () => {
    const first = await published();
    const raised = await publish(alice, {
      version: first.version,
      content: edited(first.content, (draft) => void (puncturePrice(draft).price = '£30')),
    }).expect(200);
    expect(puncturePrice(raised.body.content).price).toBe('£30');

    const history = await request(app).get('/api/site-content/revisions').set(bob.headers).expect(200);
    const original = history.body.find((revision: { version: number }) => revision.version === 1);
    const shown = await request(app)
      .get(`/api/site-content/revisions/${original.id}`)
      .set(bob.headers)
      .expect(200);
    expect(shown.body.content).toEqual(first.content);

    const restored = await request(app)
      .post(`/api/site-content/revisions/${original.id}/restore`)
      .set(bob.headers)
      .expect(200);
    expect(restored.body).toMatchObject({ version: 3, publishedBy: 'bob' });
    expect(restored.body.content).toEqual(first.content);
    expect(await published()).toEqual(restored.body);

    const after = await request(app).get('/api/site-content/revisions?limit=1').set(bob.headers).expect(200);
    expect(after.body).toEqual([
      expect.objectContaining({
        version: 3,
        author: 'bob',
        summary: 'Restored version 1: Puncture Repair: Standard puncture repair £30 → £25',
      }),
    ]);
    const older = await request(app)
      .get('/api/site-content/revisions?before=3&limit=5')
      .set(bob.headers)
      .expect(200);
    expect(older.body.map((revision: { version: number }) => revision.version)).toEqual([2, 1]);
  });

  it('answers 404 for a revision that does not exist and 400 for bad paging', async () => {
    await request(app).post('/api/site-content/revisions/999999/restore').set(alice.headers).expect(404);
    await request(app).get('/api/site-content/revisions/abc').set(alice.headers).expect(400);
    const bad = await request(app).get('/api/site-content/revisions?limit=500&before=x').set(alice.headers);
    expect([bad.status, Object.keys(bad.body.fieldErrors)]).toEqual([400, ['before', 'limit']]);
  });

  it('keep the author’s name when the account is deleted', async () => {
    const carol = await signedInStaff(fixture.database.db, 'carol');
    const { version, content } = await published();
    await publish(carol, {
      version,
      content: edited(content, (draft) => void (draft.contactHours.sunday = 'Sunday: Closed')),
    }).expect(200);
    await fixture.database.db.delete(users).where(eq(users.id, carol.userId));
    const [latest] = (await request(app).get('/api/site-content/revisions?limit=1').set(alice.headers)).body;
    expect(latest).toMatchObject({
      author: 'carol',
      summary: 'Contact hours: Sunday “Sunday: Emergency callouts only” → “Sunday: Closed”',
    });
  });
});

describe('every process follows a publication', () => {
  it('reloads its copy on the database notification, whoever published', async () => {
    // A second process's copy, kept true by listening, as server/index.ts does.
    const other = createSiteContentStore(fixture.database.db, seed);
    const watch = await watchSiteContent(fixture.database, {
      content: other,
      logger: pino({ level: 'silent' }),
    });
    try {
      expect((await other.published()).version).toBe(1);
      const { version, content } = await published();
      await publish(alice, {
        version,
        content: edited(content, (draft) => void (draft.business.companyName = 'Renamed Tyres')),
      }).expect(200);
      await expect
        .poll(async () => (await other.published()).content.business.companyName)
        .toBe('Renamed Tyres');
    } finally {
      await watch.close();
    }
  });

  it('names the notifications’ sender after the published company, unless MAIL_FROM says otherwise', async () => {
    const settings = createSettingsStore(fixture.database.db, store);
    const addresses = notificationAddresses({ mailFrom: null, notifyEmail: null }, store, settings.inForce);
    expect(await addresses()).toEqual({
      from: { name: 'Seeded Tyres Ltd website', address: 'hello@seeded.example' },
      to: 'hello@seeded.example',
      business: {
        companyName: 'Seeded Tyres Ltd',
        phone: '+442079460123',
        formattedPhone: '020 7946 0123',
        email: 'hello@seeded.example',
      },
      customerEmails: defaultCustomerEmails,
      branches: expect.arrayContaining([
        { key: 'harold-hill', name: 'Harold Hill', address: expect.stringContaining('RM3') as unknown },
      ]) as unknown,
      noticeHours: 4,
      reminders: defaultReminderSettings,
      tyreService: 'tyre-replacement',
    });
    const { version, content } = await published();
    await publish(alice, {
      version,
      content: edited(content, (draft) => {
        draft.business.companyName = 'Harold Hill Tyres';
        draft.business.email = 'office@hht.example';
        draft.customerEmails.acknowledgementNextSteps = 'Sam will ring you before 6pm on {formattedPhone}.';
      }),
    }).expect(200);
    expect(await addresses()).toMatchObject({
      from: { name: 'Harold Hill Tyres website', address: 'office@hht.example' },
      to: 'office@hht.example',
      business: { companyName: 'Harold Hill Tyres', email: 'office@hht.example' },
      customerEmails: { acknowledgementNextSteps: 'Sam will ring you before 6pm on {formattedPhone}.' },
    });
    const mailConfig = { mailFrom: 'Web <web@example.com>', notifyEmail: 'staff@example.com' };
    const fixed = notificationAddresses(mailConfig, store, settings.inForce);
    expect(await fixed()).toMatchObject({ from: 'Web <web@example.com>', to: 'staff@example.com' });
  });
});
