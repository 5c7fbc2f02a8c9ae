import { describe, expect, it } from 'vitest';
import { allAllowed, essentialOnly } from './consent.ts';
import {
  analyticsPageFields,
  consentModeDefaultsScript,
  consentModeSignals,
  cookieDomains,
  cookiesToClear,
} from './consent-effects.ts';

describe('Consent Mode', () => {
  it('starts with every signal denied, before any tag', () => {
    expect(consentModeDefaultsScript).toContain("gtag('consent','default',");
    const defaults = JSON.parse(/'default',(\{.*\})\);$/.exec(consentModeDefaultsScript)![1]!) as Record<
      string,
      string
    >;
    expect(Object.keys(defaults).sort()).toEqual([
      'ad_personalization',
      'ad_storage',
      'ad_user_data',
      'analytics_storage',
      'functionality_storage',
      'personalization_storage',
    ]);
    expect(new Set(Object.values(defaults))).toEqual(new Set(['denied']));
  });

  it('grants what each category allows', () => {
    expect(consentModeSignals({ ...essentialOnly, analytics: true })).toEqual({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      functionality_storage: 'denied',
      personalization_storage: 'denied',
    });
    expect(new Set(Object.values(consentModeSignals(allAllowed)))).toEqual(new Set(['granted']));
  });
});

describe('cookies of a withdrawn category', () => {
  const present = ['_ga', '_ga_ABC123', '_gcl_au', '_fbp', 'session', 'splash_seen', '_gat'];

  it('are the analytics cookies when analytics is not allowed, the advertising ones when marketing is not', () => {
    expect(cookiesToClear(present, essentialOnly)).toEqual(['_ga', '_ga_ABC123', '_gcl_au', '_fbp']);
    expect(cookiesToClear(present, { ...essentialOnly, analytics: true })).toEqual(['_gcl_au', '_fbp']);
    expect(cookiesToClear(present, { ...essentialOnly, marketing: true })).toEqual(['_ga', '_ga_ABC123']);
    expect(cookiesToClear(present, allAllowed)).toEqual([]);
  });

  it('are removed on the host and each parent domain they may have been set on', () => {
    expect(cookieDomains('www.tyres.example.co.uk')).toEqual([
      'www.tyres.example.co.uk',
      'tyres.example.co.uk',
      'example.co.uk',
      'co.uk',
    ]);
    expect(cookieDomains('localhost')).toEqual(['localhost']);
    expect(cookieDomains('127.0.0.1')).toEqual(['127.0.0.1']);
  });
});

describe('what Google Analytics is told of a page', () => {
  it('names a secret link by its route’s pattern, never its token', () => {
    const token = 'Zx8_q-3kLm0pQrStUvWxYz0123456789abcdefGHIJK';
    const fields = analyticsPageFields(
      {
        href: `https://tyres.example.com/bookings/manage/${token}?booked=1`,
        pathname: `/bookings/manage/${token}`,
      },
      `https://tyres.example.com/account-setup/${token}`,
    );
    expect(fields).toEqual({
      page_location: 'https://tyres.example.com/bookings/manage/:token?booked=1',
      page_path: '/bookings/manage/:token',
      page_referrer: 'https://tyres.example.com/account-setup/:token',
    });
    expect(JSON.stringify(fields)).not.toContain(token);
  });

  it('leaves other pages as they are', () => {
    expect(
      analyticsPageFields(
        { href: 'https://tyres.example.com/book?service=mot', pathname: '/book' },
        'https://www.google.com/',
      ),
    ).toEqual({
      page_location: 'https://tyres.example.com/book?service=mot',
      page_path: '/book',
      page_referrer: 'https://www.google.com/',
    });
  });
});
