import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntry } from '#common/accounts/accounts.ts';
import { invalidFieldsMessage } from '#common/http/field-errors.ts';
import type { PublishedSiteContent } from '#common/site-content/site-content.ts';
import { clearEnquiries, makeEnquiry, signedInStaff } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';
import { activityLog } from '../db/schema.ts';

const fixture = useTestApp();

beforeAll(() => clearEnquiries(fixture.database.db));

describe('the activity log of the dashboard', () => {
  it('records each change staff make to enquiries, personal data, images and content, without their contents', async () => {
    const owner = await signedInStaff(fixture.database.db, 'olivia');
    const staff = await signedInStaff(fixture.database.db, 'dave', undefined, 'staff');
    const secretWords = 'Mrs Trelawney of 7 Lark Rise';
    const sent = await request(fixture.app)
      .post('/api/enquiries')
      .send(makeEnquiry({ name: secretWords, email: 'trelawney@example.com' }))
      .expect(201);
    const { id, reference } = sent.body as { id: number; reference: string };
    const other = (await request(fixture.app).post('/api/enquiries').send(makeEnquiry()).expect(201))
      .body as {
      id: number;
    };

    await request(fixture.app).put(`/api/enquiries/${id}/mark-contacted`).set(staff.headers).expect(200);
    await request(fixture.app).put(`/api/enquiries/${id}/mark-contacted`).set(staff.headers).expect(200);
    await request(fixture.app)
      .put(`/api/enquiries/${id}/status`)
      .set(staff.headers)
      .send({ status: 'quoted' })
      .expect(200);
    const note = await request(fixture.app)
      .post(`/api/enquiries/${id}/notes`)
      .set(staff.headers)
      .send({ text: `Rang ${secretWords}, quoted £45` })
      .expect(201);
    await request(fixture.app)
      .get('/api/enquiries/export.csv?status=quoted&q=Trelawney')
      .set(staff.headers)
      .expect(200);
    await request(fixture.app)
      .get('/api/privacy/export?email=trelawney@example.com')
      .set(staff.headers)
      .expect(200);
    await request(fixture.app).delete(`/api/enquiries/${other.id}`).set(staff.headers).expect(204);
    await request(fixture.app)
      .post('/api/privacy/erase')
      .set(staff.headers)
      .send({ email: 'trelawney@example.com' })
      .expect(200);
    const image = await request(fixture.app)
      .post('/api/images')
      .set(staff.headers)
      .send({ name: 'van-photo', altText: 'Our van' })
      .expect(201);
    await request(fixture.app)
      .put(`/api/images/${image.body.id}`)
      .set(staff.headers)
      .send({ altText: 'The van' })
      .expect(200);
    await request(fixture.app).delete(`/api/images/${image.body.id}`).set(staff.headers).expect(204);
    const current = (await request(fixture.app).get('/api/site-content').set(staff.headers).expect(200))
      .body as PublishedSiteContent;
    const published = await request(fixture.app)
      .put('/api/site-content')
      .set(staff.headers)
      .send({ version: current.version, content: current.content })
      .expect(200);

    const entries = (await request(fixture.app).get('/api/activity?limit=200').set(owner.headers).expect(200))
      .body as ActivityEntry[];
    expect(
      entries
        .filter((entry) => entry.actor === 'dave')
        .map(({ kind, target, detail }) => ({ kind, target, detail }))
        .reverse(),
    ).toEqual([
      {
        kind: 'enquiry-status-changed',
        target: `enquiry ${reference}`,
        detail: { from: 'new', to: 'contacted' },
      },
      {
        kind: 'enquiry-status-changed',
        target: `enquiry ${reference}`,
        detail: { from: 'contacted', to: 'quoted' },
      },
      { kind: 'enquiry-note-added', target: `enquiry ${id}`, detail: { note: note.body.id } },
      { kind: 'enquiries-exported', target: null, detail: { status: 'quoted', search: true } },
      { kind: 'privacy-exported', target: null, detail: { enquiries: 1 } },
      { kind: 'enquiry-deleted', target: expect.stringMatching(/^enquiry ENQ-/), detail: {} },
      { kind: 'privacy-erased', target: null, detail: expect.objectContaining({ enquiries: 1 }) },
      { kind: 'image-changed', target: 'image van-photo', detail: { change: 'created' } },
      { kind: 'image-changed', target: 'image van-photo', detail: { change: 'updated' } },
      { kind: 'image-changed', target: `image ${image.body.id}`, detail: { change: 'deleted' } },
      {
        kind: 'content-published',
        target: `site content version ${published.body.version}`,
        detail: { version: published.body.version },
      },
    ]);
    // Nothing of what was erased, searched for or written stays in the log.
    const stored = JSON.stringify(await fixture.database.db.select().from(activityLog));
    for (const text of ['Trelawney', 'trelawney', 'Lark Rise', '£45']) expect(stored).not.toContain(text);
  });

  it('refuses a bad filter with a 400 naming it, and takes an empty one as no filter', async () => {
    const owner = await signedInStaff(fixture.database.db, 'oscar');
    const refused = await request(fixture.app)
      .get('/api/activity?kind=dancing&before=x&limit=201&actor=1&actor=2')
      .set(owner.headers)
      .expect(400);
    expect(refused.body).toEqual({
      error: invalidFieldsMessage,
      fieldErrors: {
        kind: ['kind is not a kind of activity.'],
        before: ['before must be an entry id.'],
        limit: ['limit must be a whole number from 1 to 200.'],
        actor: ['actor must be an account id.'],
      },
    });
    const all = await request(fixture.app).get('/api/activity').set(owner.headers).expect(200);
    const unfiltered = await request(fixture.app)
      .get('/api/activity?actor=&kind=&before=&limit=')
      .set(owner.headers)
      .expect(200);
    expect(unfiltered.body).toEqual(all.body);
  });
});
