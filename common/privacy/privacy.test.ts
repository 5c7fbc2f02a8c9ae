import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { personalDataEmail } from './privacy.ts';

const messagesFor = (value: unknown) =>
  z.safeParse(personalDataEmail, value).error?.issues.map((issue) => issue.message);

describe('the e-mail address of a data protection request', () => {
  it('is trimmed', () => {
    expect(z.parse(personalDataEmail, '  Jo.Bloggs@example.com ')).toBe('Jo.Bloggs@example.com');
  });

  it('says which is wrong: missing, too long or not an address, one message at a time', () => {
    expect(messagesFor('')).toEqual(['Enter the e-mail address the person used']);
    expect(messagesFor('   ')).toEqual(['Enter the e-mail address the person used']);
    expect(messagesFor(undefined)).toEqual(['Enter the e-mail address the person used']);
    expect(messagesFor(`${'a'.repeat(250)}@example.com`)).toEqual([
      'An e-mail address has at most 254 characters',
    ]);
    for (const value of ['jo', 'jo@', 'jo@example', 'jo @example.com']) {
      expect(messagesFor(value)).toEqual(['Enter a full e-mail address, like name@example.com']);
    }
  });
});
