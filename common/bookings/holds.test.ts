import { describe, expect, it } from 'vitest';
import { normalisePhone, tyreHolders } from './holds.ts';

describe('who a booking holds tyres for', () => {
  it('reads a UK phone number in its national and international forms alike', () => {
    for (const written of [
      '07700 900123',
      '+44 7700 900123',
      '+44 (0)7700 900123',
      '0044 7700-900123',
      '447700900123',
    ]) {
      expect(normalisePhone(written)).toBe('07700900123');
    }
    expect(normalisePhone('01708 123456')).toBe('01708123456');
  });

  it('names the client, the e-mail in lower case, the phone’s digits and the registration without spaces', () => {
    expect(
      tyreHolders({
        client: 'abc',
        email: ' Sam@Example.COM',
        phone: '+44 7700 900123',
        registration: 'ab12 cde',
      }),
    ).toEqual(['client:abc', 'email:sam@example.com', 'phone:07700900123', 'registration:AB12CDE']);
  });
});
