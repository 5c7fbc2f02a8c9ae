import { describe, expect, it } from 'vitest';
import { clientKey } from './client-key.ts';

describe('the client a limit counts', () => {
  it('is an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.7')).toBe('203.0.113.7');
  });

  it('is an IPv6 address’s /64, however the address is written', () => {
    const prefix = '2001:db8:12:3400::/64';
    expect(clientKey('2001:db8:12:3400::1')).toBe(prefix);
    expect(clientKey('2001:0DB8:0012:3400:ffff:ffff:ffff:fffe')).toBe(prefix);
    expect(clientKey('2001:db8:12:3400:a:b:c:d')).toBe(prefix);
    expect(clientKey('[2001:db8:12:3400::9]')).toBe(prefix);
    expect(clientKey('2001:db8:12:3400::9%eth0')).toBe(prefix);
  });

  it('tells neighbouring /64s apart', () => {
    expect(clientKey('2001:db8:12:3401::1')).toBe('2001:db8:12:3401::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('is the IPv4 address of an IPv4-mapped IPv6 address', () => {
    expect(clientKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientKey('::FFFF:cb00:7107')).toBe('203.0.113.7');
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('is what was given when it is not an address', () => {
    expect(clientKey(undefined)).toBe('unknown');
    expect(clientKey('')).toBe('unknown');
    expect(clientKey('not an address')).toBe('not an address');
  });
});
