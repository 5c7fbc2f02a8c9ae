import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { contactByField, ukMobile, wantsEmails, wantsTexts } from './contact.ts';

describe('ukMobile', () => {
  it.each([
    ['07700 900123', '+447700900123'],
    ['+44 7700 900123', '+447700900123'],
    ['0044 7700-900123', '+447700900123'],
    ['+44 (0)7700 900123', '+447700900123'],
    ['(07700) 900 123', '+447700900123'],
    ['447700900123', '+447700900123'],
  ])('reads %s as %s', (typed, international) => {
    expect(ukMobile(typed)).toBe(international);
  });

  it.each(['01708 123456', '020 7946 0000', '+33 6 12 34 56 78', '0770090012', '077009001234', ''])(
    'knows %s is no UK mobile',
    (typed) => {
      expect(ukMobile(typed)).toBeNull();
    },
  );
});

describe('the answer', () => {
  const schema = z.object({ contactBy: contactByField });

  it('takes each choice, and reads nothing or an empty answer as none', () => {
    for (const contactBy of ['email', 'text', 'both'])
      expect(schema.parse({ contactBy })).toEqual({ contactBy });
    expect(schema.parse({})).toEqual({});
    expect(schema.parse({ contactBy: '' })).toEqual({ contactBy: undefined });
  });

  it('refuses any other', () => {
    const parsed = schema.safeParse({ contactBy: 'post' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Choose e-mail, text message or both');
  });

  it('sends texts only to a UK mobile, and e-mails unless texts alone were asked for', () => {
    expect(wantsTexts('text', '07700 900123')).toBe(true);
    expect(wantsEmails('text', '07700 900123')).toBe(false);
    expect(wantsTexts('both', '07700 900123')).toBe(true);
    expect(wantsEmails('both', '07700 900123')).toBe(true);
    // A landline cannot take a text: the customer hears by e-mail whatever they chose.
    expect(wantsTexts('text', '01708 123456')).toBe(false);
    expect(wantsEmails('text', '01708 123456')).toBe(true);
    expect(wantsTexts('email', '07700 900123')).toBe(false);
  });
});
