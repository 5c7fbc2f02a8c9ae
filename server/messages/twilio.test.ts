import { describe, expect, it } from 'vitest';
import { twilioSignature, validTwilioSignature } from './twilio.ts';

describe('Twilio’s signature', () => {
  // The example of Twilio's documentation on checking that a request came from Twilio.
  const url = 'https://mycompany.com/myapp.php?foo=1&bar=2';
  const params = {
    CallSid: 'CA1234567890ABCDE',
    Caller: '+14158675309',
    Digits: '1234',
    From: '+14158675309',
    To: '+18005551212',
  };

  it('is Twilio’s own for its published example, whatever order the fields come in', () => {
    expect(twilioSignature('12345', url, params)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
    const reversed = Object.fromEntries(Object.entries(params).reverse());
    expect(twilioSignature('12345', url, reversed)).toBe('RSOYDt4T1cUTdK1PDd93/VVr8B8=');
  });

  it('refuses a changed field, another address, another token, and no signature at all', () => {
    expect(validTwilioSignature('12345', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(true);
    expect(
      validTwilioSignature('12345', url, { ...params, Digits: '9999' }, 'RSOYDt4T1cUTdK1PDd93/VVr8B8='),
    ).toBe(false);
    expect(
      validTwilioSignature('12345', url.replace('bar=2', 'bar=3'), params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8='),
    ).toBe(false);
    expect(validTwilioSignature('54321', url, params, 'RSOYDt4T1cUTdK1PDd93/VVr8B8=')).toBe(false);
    expect(validTwilioSignature('12345', url, params, undefined)).toBe(false);
    expect(validTwilioSignature('12345', url, params, 'short')).toBe(false);
  });
});
