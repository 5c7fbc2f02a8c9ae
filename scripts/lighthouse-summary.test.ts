import { describe, expect, it } from 'vitest';
import {
  homeBlockingTimeLimit,
  homePerformanceTarget,
  median,
  withoutScripts,
} from './lighthouse-summary.ts';

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
  it('is the target where the script-less copy scores above it, else one point below the copy', () => {
    expect(homePerformanceTarget(98, 100, 1)).toBe(98);
    expect(homePerformanceTarget(98, 99, 1)).toBe(98);
    expect(homePerformanceTarget(98, 88, 1)).toBe(87);
  });
});

describe('homeBlockingTimeLimit', () => {
  it("is the limit on a quiet machine, else the script-less copy's blocking time plus the allowance", () => {
    expect(homeBlockingTimeLimit(100, 30, 60)).toBe(100);
    expect(homeBlockingTimeLimit(100, 450, 60)).toBe(510);
  });
});
