import { describe, expect, it } from 'vitest';
import { listText } from './list-text.ts';

describe('listText', () => {
  it('joins names with commas and a final "and"', () => {
    expect(listText([])).toBe('');
    expect(listText(['Harold Hill'])).toBe('Harold Hill');
    expect(listText(['Harold Hill', 'Upminster'])).toBe('Harold Hill and Upminster');
    expect(listText(['Billericay', 'Harold Hill', 'Upminster'])).toBe(
      'Billericay, Harold Hill and Upminster',
    );
  });
});
