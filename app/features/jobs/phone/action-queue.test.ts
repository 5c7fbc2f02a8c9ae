import { describe, expect, it } from 'vitest';
import type { Job } from '#common/jobs/jobs.ts';
import { ApiError } from '#app/lib/api.ts';
import { createActionQueue, type QueuedAction } from './action-queue.ts';
import { withPendingActions } from './pending-view.ts';
import { memoryStore } from './phone-store.ts';

const storageKey = 'actions:7';

const event = (key: string, type: 'on-the-way' | 'arrived', jobId = 1): Omit<QueuedAction, 'queuedAt'> => ({
  key,
  jobId,
  reference: 'ENQ-2611-0001',
  label: type,
  request: { kind: 'event', body: { type, idempotencyKey: key } },
});

/** A server that fails as told, then takes everything; it counts what it was sent, by key. */
function server(failures: unknown[] = []) {
  const received: string[] = [];
  return {
    received,
    send: async (action: QueuedAction) => {
      received.push(action.key);
      const failure = failures.shift();
      if (failure) throw failure;
    },
  };
}

describe('the phone’s queue of actions', () => {
  it('keeps actions while there is no signal and sends them in order, each once, when it returns', async () => {
    const store = memoryStore();
    const offline = new TypeError('Failed to fetch');
    const api = server([offline, offline]);
    let sentRounds = 0;
    const queue = createActionQueue({ store, storageKey, send: api.send, onSent: () => (sentRounds += 1) });
    await queue.add(event('k1', 'on-the-way'));
    await queue.add(event('k2', 'arrived'));
    expect(queue.getSnapshot()).toMatchObject({ stalled: 'offline', sending: false });
    expect(queue.getSnapshot().actions.map((action) => action.key)).toEqual(['k1', 'k2']);
    // Kept on the phone: a new page (a reload) finds them.
    const reloaded = createActionQueue({ store, storageKey, send: api.send });
    await reloaded.load();
    expect(reloaded.getSnapshot().actions).toHaveLength(2);

    await reloaded.flush();
    expect(reloaded.getSnapshot()).toMatchObject({ actions: [], stalled: null });
    // Each try of k1 carried the same key; k2 went only after k1 had.
    expect(api.received).toEqual(['k1', 'k1', 'k1', 'k2']);
    expect(store.values.get(storageKey)).toEqual([]);
    expect(sentRounds).toBe(0);
  });

  it('sets aside what the server refuses, with its reason, and goes on', async () => {
    const store = memoryStore();
    const api = server([new ApiError(409, 'This job is already completed.', undefined, '', {})]);
    const queue = createActionQueue({ store, storageKey, send: api.send });
    await queue.add(event('k1', 'arrived'));
    await queue.add(event('k2', 'arrived', 2));
    expect(queue.getSnapshot().actions).toEqual([
      expect.objectContaining({ key: 'k1', refused: 'This job is already completed.' }),
    ]);
    await queue.flush();
    expect(api.received).toEqual(['k1', 'k2']);
    await queue.dismiss('k1');
    expect(queue.getSnapshot().actions).toEqual([]);
  });

  it('waits, keeping everything, when the server is unwell or the session has ended, and says when it has ended', async () => {
    for (const [status, stalled, heardSignedOut] of [
      [503, 'server', 0],
      [401, 'signed-out', 1],
    ] as const) {
      let signedOut = 0;
      const queue = createActionQueue({
        store: memoryStore(),
        storageKey,
        send: server([new ApiError(status, undefined, undefined, '', {})]).send,
        onSignedOut: () => (signedOut += 1),
      });
      await queue.add(event('k1', 'arrived'));
      expect(queue.getSnapshot()).toMatchObject({ stalled, actions: [{ key: 'k1' }] });
      expect(queue.getSnapshot().actions[0]!.refused).toBeUndefined();
      expect(signedOut).toBe(heardSignedOut);
    }
  });
});

describe('the day shown with what waits', () => {
  const job = {
    id: 1,
    status: 'scheduled',
    eta: null,
    window: { start: '08:00', end: '10:00' },
    paid: 0,
    photos: 0,
    lines: [{ description: 'Puncture Repair', quantity: 1, unitPence: 2500 }],
    total: 2500,
    notCompletedReason: null,
  } as unknown as Job;
  const queued = (request: QueuedAction['request'], refused?: string): QueuedAction => ({
    key: Math.random().toString(),
    jobId: 1,
    reference: 'R',
    label: 'x',
    queuedAt: '',
    request,
    ...(refused && { refused }),
  });

  it('applies waiting actions in order, and not refused ones', () => {
    const [shown] = withPendingActions(
      [job],
      [
        queued({ kind: 'event', body: { type: 'on-the-way', idempotencyKey: 'a' } }),
        queued({ kind: 'event', body: { type: 'arrived', idempotencyKey: 'b' } }),
        queued({ kind: 'payment', body: { method: 'card', amount: 1000, idempotencyKey: 'c' } }),
        queued({ kind: 'payment', body: { method: 'cash', amount: 500, idempotencyKey: 'd' } }, 'Refused'),
        queued({ kind: 'file', fileKind: 'photo', idempotencyKey: 'e', picture: new Blob(['x']) }),
      ],
    );
    expect(shown).toMatchObject({ status: 'arrived', eta: '08:00', paid: 1000, photos: 1 });
  });
});
