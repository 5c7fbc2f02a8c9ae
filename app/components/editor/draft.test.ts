import { describe, expect, it } from 'vitest';
import { makePublished } from '#tests/support/site-content.ts';
import { editDraft, fieldId, getIn, insertItem, moveItem, pathKey, removeItem, setIn } from './draft.ts';

describe('paths into the content', () => {
  it('name fields as the schema and the API name their errors, and give them DOM ids', () => {
    expect(pathKey(['services', 1, 'pricing', 0, 'price'])).toBe('services.1.pricing.0.price');
    expect(fieldId(['branches', 0, 'hours', 'saturday', 'closes'])).toBe(
      'content-branches-0-hours-saturday-closes',
    );
    expect(fieldId('services.1.title')).toBe('content-services-1-title');
  });

  it('read and replace a value, sharing everything off the path', () => {
    const content = makePublished().content;
    const changed = setIn(content, ['services', 1, 'pricing', 0, 'price'], '£30');
    expect(getIn(changed, ['services', 1, 'pricing', 0, 'price'])).toBe('£30');
    expect(content.services[1]!.pricing[0]!.price).toBe('£25');
    expect(changed.services[0]).toBe(content.services[0]);
    expect(changed.branches).toBe(content.branches);
    expect(changed.services[1]!.benefits).toBe(content.services[1]!.benefits);
    expect(getIn(content, ['services', 99, 'title'])).toBeUndefined();
  });
});

describe('list operations', () => {
  const list = ['a', 'b', 'c'];
  it('insert, at the end by default', () => {
    expect(insertItem(list, 'd')).toEqual(['a', 'b', 'c', 'd']);
    expect(insertItem(list, 'x', 1)).toEqual(['a', 'x', 'b', 'c']);
  });
  it('remove', () => {
    expect(removeItem(list, 1)).toEqual(['a', 'c']);
  });
  it('move up and down, ignoring moves past either end', () => {
    expect(moveItem(list, 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 0, -1)).toEqual(list);
    expect(moveItem(list, 2, 3)).toEqual(list);
  });
});

describe('edits of a draft', () => {
  const refused = {
    draft: { reminders: { tyreWeeks: 8, links: ['a', 'b'] } },
    serverErrors: { 'reminders.tyreWeeks': ['Too many'], 'reminders.links.1': ['Not an address'] },
    checking: true,
  };

  it('set a value, forgetting the refusal of that field and of its entries only', () => {
    const weeks = editDraft(refused, { type: 'set', path: ['reminders', 'tyreWeeks'], value: 6 });
    expect(weeks.draft.reminders).toEqual({ tyreWeeks: 6, links: ['a', 'b'] });
    expect(weeks.serverErrors).toEqual({ 'reminders.links.1': ['Not an address'] });
    expect(weeks.checking).toBe(true);
    const links = editDraft(refused, { type: 'set', path: ['reminders', 'links'], value: ['c'] });
    expect(links.serverErrors).toEqual({ 'reminders.tyreWeeks': ['Too many'] });
  });

  it('add, move and remove entries of a list, forgetting every refusal (they are keyed by place)', () => {
    const path = ['reminders', 'links'];
    const added = editDraft(refused, { type: 'add', path, item: 'c' });
    expect(added.draft.reminders.links).toEqual(['a', 'b', 'c']);
    expect(added.serverErrors).toEqual({});
    expect(editDraft(added, { type: 'move', path, from: 2, to: 0 }).draft.reminders.links).toEqual([
      'c',
      'a',
      'b',
    ]);
    expect(editDraft(refused, { type: 'remove', path, index: 0 }).draft.reminders.links).toEqual(['b']);
    expect(refused.draft.reminders.links).toEqual(['a', 'b']);
  });
});
