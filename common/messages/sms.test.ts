import { describe, expect, it } from 'vitest';
import { plainText, smsEncoding, smsSegments } from './sms.ts';

describe('a text message', () => {
  it('goes in GSM-7 when every character is in its alphabet, else in UCS-2', () => {
    expect(smsEncoding('Your fitter is on the way: about 8:20am. Ref BK-2612-0042 £36.00')).toBe('gsm7');
    expect(smsEncoding('Price: 20€ [VAT]')).toBe('gsm7');
    expect(smsEncoding('We’re on our way')).toBe('ucs2');
    expect(smsEncoding('Łukasz, your booking is confirmed')).toBe('ucs2');
    expect(smsEncoding('See you soon 🙂')).toBe('ucs2');
  });

  it('is one part up to 160 GSM-7 characters, then parts of 153', () => {
    expect(smsSegments('')).toBe(1);
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('a'.repeat(306))).toBe(2);
    expect(smsSegments('a'.repeat(307))).toBe(3);
  });

  it('counts each extension character twice', () => {
    expect(smsSegments('€'.repeat(80))).toBe(1);
    expect(smsSegments(`${'€'.repeat(80)}a`)).toBe(2);
  });

  it('is one part up to 70 UCS-2 units, then parts of 67; a character beyond the basic plane counts twice', () => {
    expect(smsSegments('’'.repeat(70))).toBe(1);
    expect(smsSegments('’'.repeat(71))).toBe(2);
    expect(smsSegments('’'.repeat(134))).toBe(2);
    expect(smsSegments('’'.repeat(135))).toBe(3);
    expect(smsSegments('🙂'.repeat(35))).toBe(1);
    expect(smsSegments('🙂'.repeat(36))).toBe(2);
  });

  it('is written in GSM-7 where the wording’s typography is the only thing outside it', () => {
    const worded = 'We’re on our way – about 8:20am… “Anytown Mobile Tyres”';
    expect(smsEncoding(worded)).toBe('ucs2');
    const plain = plainText(worded);
    expect(plain).toBe('We\'re on our way - about 8:20am... "Anytown Mobile Tyres"');
    expect(smsEncoding(plain)).toBe('gsm7');
    // A name outside the alphabet keeps its letters: the text goes in UCS-2.
    expect(smsEncoding(plainText('Dear Łukasz'))).toBe('ucs2');
  });
});
