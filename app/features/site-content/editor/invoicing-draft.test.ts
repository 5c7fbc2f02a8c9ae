import { describe, expect, it } from 'vitest';
import { makeContent, makePublished } from '#tests/support/site-content.ts';
import { editorReducer, editorState } from './draft-state.ts';
import { addressLines, addressText, invoicingOf, withInvoicingFor } from './invoicing-draft.ts';

describe('the invoicing details of a draft', () => {
  it('are the first branch’s address and no VAT number until set, as invoices print them', () => {
    expect(invoicingOf(makeContent())).toEqual({
      address: ['Unit 4, Example Trading Estate', 'Harold Hill, Romford', 'RM3 0XX'],
      vatNumber: '',
    });
    const set = { address: ['1 High Street'], vatNumber: 'GB 123 4567 89' };
    expect(invoicingOf(makeContent((content) => (content.invoicing = set)))).toBe(set);
    expect(invoicingOf(makeContent((content) => (content.branches = [])))).toEqual({
      address: [],
      vatNumber: '',
    });
  });

  it('start from what invoices print at the first edit of one of them, and only then', () => {
    const content = makeContent();
    expect(withInvoicingFor(content, ['business', 'email'])).toBe(content);
    expect(withInvoicingFor(content, ['invoicing'])).toBe(content);
    expect(withInvoicingFor(content, ['invoicing', 'vatNumber']).invoicing).toEqual(invoicingOf(content));

    let state = editorReducer(editorState(makePublished()), {
      type: 'set',
      path: ['invoicing', 'vatNumber'],
      value: 'GB 123 4567 89',
    });
    expect(state.draft.invoicing).toEqual({ ...invoicingOf(content), vatNumber: 'GB 123 4567 89' });
    state = editorReducer(state, { type: 'set', path: ['invoicing'], value: undefined });
    expect(state.draft.invoicing).toBeUndefined();
  });

  it('take the address typed one line per line, and give it back as typed', () => {
    expect(addressLines('Unit 4\r\nRomford\nRM3 0XX')).toEqual(['Unit 4', 'Romford', 'RM3 0XX']);
    expect(addressLines('Unit 4\n')).toEqual(['Unit 4', '']);
    expect(addressText(addressLines('Unit 4\n\nRomford'))).toBe('Unit 4\n\nRomford');
  });
});
