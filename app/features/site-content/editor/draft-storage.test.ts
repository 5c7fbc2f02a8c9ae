import { describe, expect, it } from 'vitest';
import {
  defaultCoveredDistricts,
  defaultCustomerEmails,
  siteContentConflictMessage,
} from '#common/site-content/site-content.ts';
import { memoryStorage } from '#tests/support/memory-storage.ts';
import { makeContent, makePublished } from '#tests/support/site-content.ts';
import { editorState } from './draft-state.ts';
import { draftStorageKey, initialEditorState, readStoredDraft, storeDraft } from './draft-storage.ts';

const published = makePublished();
const edited = makeContent((content) => {
  content.services[1]!.pricing[0]!.price = '£30';
  content.business.companyName = ''; // unfinished edits are kept too
  content.areas.radiusMiles = Number.NaN; // an emptied number field
});

describe('the draft kept in the tab', () => {
  it('is stored while it has edits and read back as it was', () => {
    const storage = memoryStorage();
    storeDraft({ base: published, draft: edited }, storage);
    expect(readStoredDraft(storage)).toEqual({ base: published, draft: edited });
  });

  it('kept before the covered districts and e-mail texts existed, is read back with what a stored document gets', () => {
    const storage = memoryStorage();
    const withoutDistricts = (content: typeof edited) => {
      const { coveredDistricts: _dropped, ...areas } = content.areas;
      const { customerEmails: _alsoDropped, ...rest } = content;
      return { ...rest, areas };
    };
    storage.setItem(
      draftStorageKey,
      JSON.stringify({
        base: { ...published, content: withoutDistricts(published.content) },
        draft: withoutDistricts(edited),
      }),
    );
    const read = readStoredDraft(storage);
    expect(read?.draft.areas.coveredDistricts).toEqual(defaultCoveredDistricts);
    expect(read?.base.content.areas.coveredDistricts).toEqual(defaultCoveredDistricts);
    expect(read?.draft.customerEmails).toEqual(defaultCustomerEmails);
    expect(read?.base.content.customerEmails).toEqual(defaultCustomerEmails);
    expect(read?.draft.services[1]!.pricing[0]!.price).toBe('£30');
  });

  it('is forgotten once it has no edits', () => {
    const storage = memoryStorage();
    storeDraft({ base: published, draft: edited }, storage);
    storeDraft({ base: published, draft: published.content }, storage);
    expect(storage.getItem(draftStorageKey)).toBeNull();
  });

  it('is removed when it is not one the dashboard wrote', () => {
    for (const stored of [
      'not json',
      JSON.stringify({ base: published, draft: { ...edited, services: 'none' } }),
      JSON.stringify({ base: { ...published, version: 'one' }, draft: edited }),
      JSON.stringify({ base: published }),
    ]) {
      const storage = memoryStorage();
      storage.setItem(draftStorageKey, stored);
      expect(readStoredDraft(storage)).toBeNull();
      expect(storage.getItem(draftStorageKey)).toBeNull();
    }
  });
});

describe('where the editor starts', () => {
  it('is the published version when nothing is kept', () => {
    expect(initialEditorState(published, null)).toEqual(editorState(published));
  });

  it('is the kept draft when it was made from the published version', () => {
    const state = initialEditorState(published, { base: published, draft: edited });
    expect(state.draft).toBe(edited);
    expect(state.conflict).toBeNull();
  });

  it('is the kept draft with a conflict when someone published since', () => {
    const newer = makePublished({ version: 2, publishedBy: 'sam' });
    const state = initialEditorState(newer, { base: published, draft: edited });
    expect(state.base).toBe(published);
    expect(state.draft).toBe(edited);
    expect(state.conflict).toEqual({ current: newer, message: siteContentConflictMessage });
  });
});
