import { describe, expect, it } from 'vitest';
import { loadedAssets } from './jobs-worker.ts';

describe('the files My jobs hands its service worker to keep', () => {
  it('are the page’s own files under /assets/, each once, by path', () => {
    const origin = 'https://tyres.example';
    const entries = [
      { name: `${origin}/assets/client-BUzrSbLl.js` },
      { name: `${origin}/assets/client-BUzrSbLl.js` },
      { name: `${origin}/assets/inter-latin-wght-normal.woff2?v=1` },
      { name: `${origin}/api/jobs?date=2026-11-29` },
      { name: `${origin}/brand/logo.svg` },
      { name: 'https://maps.example/assets/tile.png' },
    ];
    expect(loadedAssets(entries, origin)).toEqual([
      '/assets/client-BUzrSbLl.js',
      '/assets/inter-latin-wght-normal.woff2',
    ]);
  });
});
