import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AvailabilityDay } from '#common/bookings/slots.ts';
import { AvailabilityBoard } from './availability-board.ts';

const days = (): AvailabilityDay[] => [
  {
    date: '2026-12-01',
    windows: [
      { start: '08:00', end: '10:00', free: 2 },
      { start: '10:00', end: '12:00', free: 1 },
    ],
  },
  { date: '2026-12-02', windows: [{ start: '08:00', end: '10:00', free: 2 }] },
];

/** A load that answers when told to, as a read of the database does. */
function pendingLoad() {
  let answer!: (value: AvailabilityDay[]) => void;
  let fail!: (error: Error) => void;
  const promise = new Promise<AvailabilityDay[]>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { load: vi.fn(() => promise), answer, fail };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('AvailabilityBoard', () => {
  it('reads once per location and version while the answer is fresh, and shares a read under way', async () => {
    const board = new AvailabilityBoard({ ttlMs: 1_000 });
    const mobile = pendingLoad();
    const first = board.get('mobile', 'v1', mobile.load);
    const second = board.get('mobile', 'v1', mobile.load);
    mobile.answer(days());
    expect(await first).toEqual(days());
    expect(await second).toBe(await first);
    expect(mobile.load).toHaveBeenCalledTimes(1);

    // Another location has an answer of its own; another version (new settings, a new minute)
    // is read afresh.
    const branch = vi.fn(async () => [] as AvailabilityDay[]);
    expect(await board.get('upminster', 'v1', branch)).toEqual([]);
    const next = vi.fn(async () => days().slice(1));
    expect(await board.get('mobile', 'v2', next)).toEqual(days().slice(1));
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('reads again once the answer has expired', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const board = new AvailabilityBoard({ ttlMs: 1_000 });
    const load = vi.fn(async () => days());
    await board.get('mobile', 'v1', load);
    vi.advanceTimersByTime(999);
    await board.get('mobile', 'v1', load);
    expect(load).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2);
    await board.get('mobile', 'v1', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a failed read', async () => {
    const board = new AvailabilityBoard({ ttlMs: 1_000 });
    const failing = pendingLoad();
    const answer = board.get('mobile', 'v1', failing.load);
    failing.fail(new Error('database gone'));
    await expect(answer).rejects.toThrow('database gone');
    const load = vi.fn(async () => days());
    expect(await board.get('mobile', 'v1', load)).toEqual(days());
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("lowers a window's free places to what a booking found, and drops a full window and an empty day", async () => {
    const board = new AvailabilityBoard({ ttlMs: 1_000 });
    const load = vi.fn(async () => days());
    await board.get('mobile', 'v1', load);
    board.noteFree('mobile', '2026-12-01', '08:00', 1);
    board.noteFree('mobile', '2026-12-02', '08:00', 0);
    expect(await board.get('mobile', 'v1', load)).toEqual([
      {
        date: '2026-12-01',
        windows: [
          { start: '08:00', end: '10:00', free: 1 },
          { start: '10:00', end: '12:00', free: 1 },
        ],
      },
    ]);
    board.noteFree('mobile', '2026-12-01', '10:00', -1);
    expect((await board.get('mobile', 'v1', load))[0]!.windows.map((window) => window.start)).toEqual([
      '08:00',
    ]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('never raises free places (a place given back is learnt by reading again)', async () => {
    const board = new AvailabilityBoard({ ttlMs: 1_000 });
    const load = vi.fn(async () => days());
    await board.get('mobile', 'v1', load);
    board.noteFree('mobile', '2026-12-01', '10:00', 3);
    expect(await board.get('mobile', 'v1', load)).toEqual(days());
  });

  it('applies what a booking found to a read still under way, which may have read before it', async () => {
    const board = new AvailabilityBoard({ ttlMs: 1_000 });
    const reading = pendingLoad();
    const answer = board.get('mobile', 'v1', reading.load);
    board.noteFree('mobile', '2026-12-01', '10:00', 0);
    reading.answer(days());
    expect((await answer)[0]!.windows.map((window) => window.start)).toEqual(['08:00', '10:00']);
    expect((await board.get('mobile', 'v1', reading.load))[0]!.windows.map((window) => window.start)).toEqual(
      ['08:00'],
    );
  });

  it('ignores news of a location it holds no answer for, and forgets everything when cleared', async () => {
    const board = new AvailabilityBoard({ ttlMs: 1_000 });
    board.noteFree('harold-hill', '2026-12-01', '08:00', 0);
    const load = vi.fn(async () => days());
    expect(await board.get('harold-hill', 'v1', load)).toEqual(days());
    board.noteFree('harold-hill', '2026-12-01', '08:00', 0);
    board.clear();
    expect(await board.get('harold-hill', 'v1', load)).toEqual(days());
    expect(load).toHaveBeenCalledTimes(2);
  });
});
