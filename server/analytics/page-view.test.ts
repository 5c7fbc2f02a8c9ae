import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deviceClass, parseLandingPath, referrerHost, visitorId } from './page-view.ts';

const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36';
const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36';

describe('visitor ids', () => {
  const monday = crypto.randomBytes(32);
  const tuesday = crypto.randomBytes(32);

  it('are the same for the same browser and address on the same day', () => {
    expect(visitorId(monday, '203.0.113.5', phone)).toBe(visitorId(monday, '203.0.113.5', phone));
  });

  it('differ for another address or another browser', () => {
    const id = visitorId(monday, '203.0.113.5', phone);
    expect(visitorId(monday, '203.0.113.6', phone)).not.toBe(id);
    expect(visitorId(monday, '203.0.113.5', desktop)).not.toBe(id);
  });

  it('change with the day, so days cannot be linked', () => {
    expect(visitorId(tuesday, '203.0.113.5', phone)).not.toBe(visitorId(monday, '203.0.113.5', phone));
  });

  it('do not contain the address', () => {
    expect(visitorId(monday, '203.0.113.5', phone)).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('page view details', () => {
  it('tell phones, tablets and desktops apart', () => {
    expect(deviceClass(phone)).toBe('mobile');
    expect(deviceClass('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148')).toBe(
      'mobile',
    );
    expect(deviceClass('Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X)')).toBe('tablet');
    expect(deviceClass('Mozilla/5.0 (Linux; Android 14; SM-X710) Safari/537.36')).toBe('tablet');
    expect(deviceClass(desktop)).toBe('desktop');
  });

  it('keep the path without its query and read the campaign from it', () => {
    expect(
      parseLandingPath(
        '/services/puncture-repair?utm_source=google&utm_medium=cpc&utm_campaign=spring&x=1#top',
      ),
    ).toEqual({
      path: '/services/puncture-repair',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'spring',
    });
    expect(parseLandingPath('/')).toEqual({ path: '/', utmSource: null, utmMedium: null, utmCampaign: null });
  });

  it('keep only the host of another site as the referrer', () => {
    expect(referrerHost('https://www.google.co.uk/search?q=tyres', ['tyres.example'])).toBe('google.co.uk');
    expect(referrerHost('https://tyres.example/services', ['tyres.example'])).toBeNull();
    expect(referrerHost('https://www.tyres.example/', ['tyres.example'])).toBeNull();
    expect(referrerHost('', ['tyres.example'])).toBeNull();
    expect(referrerHost('javascript:alert(1)', ['tyres.example'])).toBeNull();
    expect(referrerHost('not a url', ['tyres.example'])).toBeNull();
  });
});
