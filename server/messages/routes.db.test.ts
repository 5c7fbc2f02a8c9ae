import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { MessagesStatus } from '#common/messages/replies.ts';
import { signedInStaff } from '#tests/support/factories.ts';
import { useTestApp } from '#tests/support/integration.ts';

const fixture = useTestApp({
  env: {
    TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
    TWILIO_AUTH_TOKEN: 'a'.repeat(32),
    TWILIO_FROM: '+447700900000',
  },
});

describe('the texts’ staff API', () => {
  it('tells fitters too whether texts are set up, and nothing else of the texts', async () => {
    const fitter = await signedInStaff(fixture.database.db, 'frank', new Date(), 'fitter');
    const status = await request(fixture.app).get('/api/messages/status').set(fitter.headers).expect(200);
    expect(status.body).toEqual({
      configured: true,
      lastSuccessAt: null,
      lastFailureAt: null,
      lastFailure: null,
    } satisfies MessagesStatus);
    for (const path of ['/api/messages/replies?unread=1', '/api/messages/texts?booking=1']) {
      const answer = await request(fixture.app).get(path).set(fitter.headers);
      expect({ path, status: answer.status }).toEqual({ path, status: 403 });
    }
    await request(fixture.app)
      .post('/api/messages/replies/read')
      .set(fitter.headers)
      .send({ ids: [1] })
      .expect(403);
  });

  it('answers the office the replies, and no one signed out', async () => {
    const replies = await request(fixture.app)
      .get('/api/messages/replies?unread=1')
      .set(fixture.staff.headers)
      .expect(200);
    expect(replies.body).toEqual({ unread: 0, replies: [] });
    await request(fixture.app).get('/api/messages/status').expect(401);
  });
});
