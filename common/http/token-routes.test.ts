import { describe, expect, it } from 'vitest';
import { isTokenPath, tokenRoutePatterns, urlWithoutTokens, withoutTokens } from './token-routes.ts';

const token = 'Zx8_q-3kLm0pQrStUvWxYz0123456789abcdefGHIJK';

describe('token routes', () => {
  it('replaces the secret of each page by its pattern, keeping what follows', () => {
    expect(withoutTokens(`/bookings/manage/${token}`)).toBe('/bookings/manage/:token');
    expect(withoutTokens(`/bookings/manage/${token}?booked=1`)).toBe('/bookings/manage/:token?booked=1');
    expect(withoutTokens(`/account-setup/${token}`)).toBe('/account-setup/:token');
    expect(withoutTokens(`/Account-Setup/${token}/`)).toBe('/account-setup/:token/');
    expect(withoutTokens(`/unsubscribe/12.${token}`)).toBe('/unsubscribe/:token');
    for (const pattern of tokenRoutePatterns) {
      expect(withoutTokens(pattern.replace(':token', token))).toBe(pattern);
    }
  });

  it('and of their API routes', () => {
    expect(withoutTokens(`/api/bookings/manage/${token}`)).toBe('/api/bookings/manage/:token');
    expect(withoutTokens(`/api/bookings/manage/${token}/cancel`)).toBe('/api/bookings/manage/:token/cancel');
    expect(withoutTokens(`/api/account-setup/${token}`)).toBe('/api/account-setup/:token');
  });

  it('leaves every other path alone', () => {
    for (const path of [
      '/',
      '/book',
      '/bookings/manage',
      '/bookings/manage/',
      '/account-setup',
      '/unsubscribe',
      '/api/bookings',
    ]) {
      expect(withoutTokens(path)).toBe(path);
      expect(isTokenPath(path)).toBe(false);
    }
    expect(isTokenPath(`/bookings/manage/${token}`)).toBe(true);
    expect(isTokenPath(`/api/account-setup/${token}`)).toBe(true);
  });

  it('cleans a full address and leaves others as they are', () => {
    expect(urlWithoutTokens(`https://tyres.example.com/bookings/manage/${token}?booked=1#top`)).toBe(
      'https://tyres.example.com/bookings/manage/:token?booked=1',
    );
    expect(urlWithoutTokens('https://elsewhere.example/page?q=1')).toBe('https://elsewhere.example/page?q=1');
    expect(urlWithoutTokens('')).toBe('');
  });
});
