import { describe, expect, it } from 'vitest';
import { editorReducer, editorState, hasEdits } from './draft-state.ts';
import { makePublished } from '#tests/support/site-content.ts';

describe('the editor', () => {
  const start = () => editorState(makePublished());

  it('starts from the published version with no edits', () => {
    const state = start();
    expect(state.draft).toBe(state.base.content);
    expect(hasEdits(state)).toBe(false);
  });

  it('edits a field, and forgets the server’s refusal of that field only', () => {
    const refused = editorReducer(start(), {
      type: 'refused',
      fieldErrors: { 'business.email': ['Enter a valid e-mail address'], 'business.phone': ['Digits only'] },
    });
    expect(refused.checking).toBe(true);
    const edited = editorReducer(refused, { type: 'set', path: ['business', 'email'], value: 'a@b.co.uk' });
    expect(edited.draft.business.email).toBe('a@b.co.uk');
    expect(edited.serverErrors).toEqual({ 'business.phone': ['Digits only'] });
    // A list edited as a whole (an address in one text area) drops its lines' refusals too.
    const lines = editorReducer(
      editorReducer(start(), {
        type: 'refused',
        fieldErrors: {
          'invoicing.address.1': ['Remove the empty line or write it'],
          'business.phone': ['x'],
        },
      }),
      { type: 'set', path: ['invoicing', 'address'], value: ['1 High Street', 'Romford'] },
    );
    expect(lines.serverErrors).toEqual({ 'business.phone': ['x'] });
    expect(hasEdits(edited)).toBe(true);
  });

  it('adds, moves and removes entries of a list', () => {
    const path = ['services', 1, 'pricing'] as const;
    let state = editorReducer(start(), { type: 'add', path, item: { name: 'Valve', price: '£5' } });
    expect(state.draft.services[1]!.pricing.map((line) => line.name)).toEqual([
      'Standard puncture repair',
      'Run-flat puncture repair',
      'Tyre inspection',
      'Emergency call-out (extra)',
      'Valve',
    ]);
    state = editorReducer(state, { type: 'move', path, from: 4, to: 3 });
    expect(state.draft.services[1]!.pricing[3]!.name).toBe('Valve');
    state = editorReducer(state, { type: 'remove', path, index: 0 });
    expect(state.draft.services[1]!.pricing[0]!.name).toBe('Run-flat puncture repair');
    expect(state.draft.services[1]!.pricing).toHaveLength(4);
  });

  it('keeps the draft through a conflict, and starts afresh from a version it loads', () => {
    const edited = editorReducer(start(), {
      type: 'set',
      path: ['services', 1, 'pricing', 0, 'price'],
      value: '£30',
    });
    const current = makePublished({ version: 2, publishedBy: 'sam' });
    const conflicted = editorReducer(edited, {
      type: 'conflict',
      conflict: { current, message: 'Someone else published changes while you were editing.' },
    });
    expect(conflicted.draft).toBe(edited.draft);
    expect(conflicted.base.version).toBe(1);
    expect(conflicted.conflict?.current.version).toBe(2);

    const loaded = editorReducer(conflicted, { type: 'load', published: current });
    expect(loaded).toEqual(editorState(current));
    expect(hasEdits(loaded)).toBe(false);
  });
});
