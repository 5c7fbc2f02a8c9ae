import { describe, expect, it } from 'vitest';
import { createDecodeGate, decodeBusyMessage, PicturesBusyError } from './decode-gate.ts';

/** A decode that lasts until the test ends it, and says when it started. */
function heldDecode(started: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    decode: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the decode gate', () => {
  it('runs two at once and starts the waiting ones in the order they came', async () => {
    const gate = createDecodeGate({ running: 2, waiting: 3, retryAfterSeconds: 5 });
    const started: string[] = [];
    const decodes = ['a', 'b', 'c', 'd', 'e'].map((name) => heldDecode(started, name));
    const results = decodes.map(({ decode }) => gate.run(decode));
    await settled();
    expect(started).toEqual(['a', 'b']);
    expect([gate.running, gate.waiting]).toEqual([2, 3]);

    decodes[1]!.finish();
    await settled();
    expect(started).toEqual(['a', 'b', 'c']);
    decodes[0]!.finish();
    await settled();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    expect([gate.running, gate.waiting]).toEqual([2, 1]);

    for (const { finish } of decodes) finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });

  it('refuses at once with a 503 and its Retry-After when the queue is full, without running it', async () => {
    const gate = createDecodeGate({ running: 2, waiting: 1, retryAfterSeconds: 7 });
    const started: string[] = [];
    const decodes = ['a', 'b', 'c', 'd'].map((name) => heldDecode(started, name));
    const admitted = decodes.slice(0, 3).map(({ decode }) => gate.run(decode));

    const refused = gate.run(decodes[3]!.decode);
    await expect(refused).rejects.toBeInstanceOf(PicturesBusyError);
    await expect(refused).rejects.toMatchObject({
      status: 503,
      retryAfterSeconds: 7,
      message: decodeBusyMessage,
    });
    expect(started).not.toContain('d');
    expect([gate.running, gate.waiting]).toEqual([2, 1]);

    // Once a place is free, the queue takes a newcomer again.
    decodes[0]!.finish();
    await settled();
    expect(started).toEqual(['a', 'b', 'c']);
    const later = heldDecode(started, 'e');
    const accepted = gate.run(later.decode);
    decodes[1]!.finish();
    decodes[2]!.finish();
    later.finish();
    expect(await Promise.all([...admitted, accepted])).toEqual(['a', 'b', 'c', 'e']);
  });

  it('gives back the place of a decode that fails', async () => {
    const gate = createDecodeGate({ running: 1, waiting: 1, retryAfterSeconds: 5 });
    const started: string[] = [];
    const broken = heldDecode(started, 'broken');
    const next = heldDecode(started, 'next');
    const failing = gate.run(broken.decode);
    const waiting = gate.run(next.decode);
    broken.fail(new Error('corrupt'));
    await expect(failing).rejects.toThrow('corrupt');
    await settled();
    expect(started).toEqual(['broken', 'next']);
    next.finish();
    expect(await waiting).toBe('next');
    expect([gate.running, gate.waiting]).toEqual([0, 0]);
  });
});
