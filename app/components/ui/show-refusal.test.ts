// @vitest-environment happy-dom
import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#app/lib/api.ts';
import { dismissToast, useToasts } from '#app/lib/use-toast.ts';
import { showRefusal } from './show-refusal.ts';

type Values = { reason: string; amount: string };
const fields = ['reason', 'amount'] as const;

const refusal = (status: number, error: string, fieldErrors?: Record<string, string[]>) =>
  new ApiError(status, error, fieldErrors, JSON.stringify({ error, fieldErrors }));

/** The toast on screen, as title and description. */
function shownToast() {
  const { result, unmount } = renderHook(() => useToasts());
  const shown = result.current.filter((item) => item.open);
  unmount();
  for (const item of shown) dismissToast(item.id);
  return shown.map(({ title, description }) => ({ title, description }));
}

afterEach(() => void shownToast());

describe('showRefusal', () => {
  it('puts each field error under its field, the first focused, and nothing else', () => {
    const setError = vi.fn();
    showRefusal<Values>(
      refusal(400, 'Please check the highlighted fields and try again.', {
        amount: ['At most £178.00 is left to credit', 'ignored'],
        reason: ['Say why'],
      }),
      { fields, setError },
    );
    expect(setError.mock.calls).toEqual([
      ['amount', { type: 'server', message: 'At most £178.00 is left to credit' }, { shouldFocus: true }],
      ['reason', { type: 'server', message: 'Say why' }, { shouldFocus: false }],
    ]);
  });

  it('makes the messages of keys that are not fields the form’s own error', () => {
    const setError = vi.fn();
    showRefusal<Values>(refusal(400, 'Check', { reason: ['Say why'], mappingId: ['No such supplier'] }), {
      fields,
      setError,
    });
    expect(setError).toHaveBeenCalledWith(
      'reason',
      { type: 'server', message: 'Say why' },
      { shouldFocus: true },
    );
    expect(setError).toHaveBeenCalledWith('root.server', { type: 'server', message: 'No such supplier' });
    expect(shownToast()).toEqual([]);
  });

  it('makes a refusal that names no field the form’s own error, in its own words', () => {
    const setError = vi.fn();
    showRefusal<Values>(refusal(409, 'Invoice INV-000042 has been credited in full.'), { fields, setError });
    expect(setError.mock.calls).toEqual([
      ['root.server', { type: 'server', message: 'Invoice INV-000042 has been credited in full.' }],
    ]);
    showRefusal<Values>(new TypeError('Failed to fetch'), { fields, setError });
    expect(setError).toHaveBeenLastCalledWith('root.server', { type: 'server', message: 'Failed to fetch' });
  });

  it('toasts the form’s own error instead when given a title, worded by `describe` if given', () => {
    const setError = vi.fn();
    showRefusal<Values>(refusal(409, 'Taken'), { fields, setError, title: 'Saving failed' });
    expect(shownToast()).toEqual([{ title: 'Saving failed', description: 'Taken' }]);
    showRefusal<Values>(new Error(''), {
      fields,
      setError,
      title: 'Upload failed',
      describe: () => 'Try again',
    });
    expect(shownToast()).toEqual([{ title: 'Upload failed', description: 'Try again' }]);
    expect(setError).not.toHaveBeenCalled();
  });
});
