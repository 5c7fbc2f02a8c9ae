import { describe, expect, it, vi } from 'vitest';
import { keptFor } from './kept-for.ts';

describe('keptFor', () => {
  it('makes a value once per key and keeps it', () => {
    const kept = new WeakMap<object, { made: number }>();
    const make = vi.fn(() => ({ made: make.mock.calls.length }));
    const first = {};
    const second = {};
    const value = keptFor(kept, first, make);
    expect(keptFor(kept, first, make)).toBe(value);
    expect(keptFor(kept, second, make)).not.toBe(value);
    expect(make).toHaveBeenCalledTimes(2);
    expect(make).toHaveBeenNthCalledWith(1, first);
  });

  it('keeps a value that is falsy', () => {
    const kept = new WeakMap<object, number>();
    const make = vi.fn(() => 0);
    const key = {};
    expect(keptFor(kept, key, make)).toBe(0);
    expect(keptFor(kept, key, make)).toBe(0);
    expect(make).toHaveBeenCalledTimes(1);
  });
});
