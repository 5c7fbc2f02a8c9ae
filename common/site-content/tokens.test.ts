import { describe, expect, it } from 'vitest';
import { fillTokens, fillTokensIn } from './tokens.ts';

describe('fillTokens', () => {
  const site = {
    companyName: 'Anytown Tyres Ltd',
    phone: '07700900123',
    formattedPhone: '07700 900123',
    email: 'hello@example.com',
    radiusMiles: 15,
    serviceRegions: ['Romford', 'Upminster'],
    'price:mot': '£54.85',
  };

  it('fills the tokens the values name, business details, facts and prices alike', () => {
    expect(fillTokens('Call {companyName} on {formattedPhone} ({phone}) or write to {email}.', site)).toBe(
      'Call Anytown Tyres Ltd on 07700 900123 (07700900123) or write to hello@example.com.',
    );
    expect(fillTokens('Within {radiusMiles} miles; an MOT is {price:mot}.', site)).toBe(
      'Within 15 miles; an MOT is £54.85.',
    );
  });

  it('leaves as written a token the values do not name, or name with what is not a text or number', () => {
    expect(fillTokens('{baseTown}, {serviceRegions}, {toString}, {price:tyres} and {}', site)).toBe(
      '{baseTown}, {serviceRegions}, {toString}, {price:tyres} and {}',
    );
  });

  it('fills every text of objects and lists, however deep, and nothing else', () => {
    expect(
      fillTokensIn({ title: '{companyName}', blocks: [{ items: ['{email}', 3] }], at: null }, site),
    ).toEqual({ title: 'Anytown Tyres Ltd', blocks: [{ items: ['hello@example.com', 3] }], at: null });
  });
});
