import { describe, expect, it } from 'vitest';
import { homePerformanceTarget, median, withoutScripts } from './lighthouse-summary.ts';

describe('median', () => {
  it('takes the middle of an odd count and the mean of the two middles of an even one', () => {
    expect(median([290, 180, 210, 400, 150])).toBe(210);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([7])).toBe(7);
  });

  it('refuses an empty list', () => {
    expect(() => median([])).toThrow();
  });
});

describe('withoutScripts', () => {
  const document = [
    '<!DOCTYPE html><html><head>',
    '<script nonce="abc">window.dataLayer=[]</script>',
    '<link rel="modulepreload" href="/assets/entry.client-1.js"/>',
    '<link rel="preload" href="/fonts/inter.woff2" as="font"/>',
    '<script type="application/ld+json">{"@type":"AutoRepair"}</script>',
    '<style>.hero{color:red}</style>',
    '</head><body><main><h1>Tyres</h1></main>',
    '<script nonce="abc" type="module" async="">import("/assets/entry.client-1.js")</script>',
    '<SCRIPT>\nwindow.__reactRouterContext = {"a":"\\u003c/script>"}\n</SCRIPT >',
    '</body></html>',
  ].join('');

  it('takes out every script element and module preload, and nothing else', () => {
    expect(withoutScripts(document)).toBe(
      '<!DOCTYPE html><html><head>' +
        '<link rel="preload" href="/fonts/inter.woff2" as="font"/>' +
        '<style>.hero{color:red}</style>' +
        '</head><body><main><h1>Tyres</h1></main></body></html>',
    );
  });

  it('fails rather than measure a document that still has a script', () => {
    expect(() => withoutScripts('<body><script src="/a.js"></body>')).toThrow(/script element/);
  });
});

describe('homePerformanceTarget', () => {
  it('is the floor, or two points below the script-less copy when that is higher', () => {
    expect(homePerformanceTarget(97, 98, 2)).toBe(97);
    expect(homePerformanceTarget(97, 100, 2)).toBe(98);
  });
});
