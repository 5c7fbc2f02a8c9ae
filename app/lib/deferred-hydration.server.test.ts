import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { deferHydration, deferHydrationStream } from './deferred-hydration.server.ts';

const page = [
  '<!DOCTYPE html><html><head><title>Home</title>',
  '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client-A.js" nonce="n0"/>',
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="n0"/>',
  '</head><body><main>Mobile tyre fitting</main>',
  '<script nonce="n0">window.__reactRouterContext = {};</script>',
  '<script nonce="n0" type="module" async="">import * as route0 from "/assets/root-B.js";\n',
  'if (1 < 2) window.ready = true;\nimport("/assets/entry.client-A.js");</script>',
  '<script nonce="n0">window.__reactRouterContext.streamController.close();</script>',
  '</body></html>',
].join('');

describe('deferred hydration', () => {
  it('takes the module preloads and the module script out of the page, keeping the content', () => {
    const output = deferHydration(page);
    expect(output).not.toContain('rel="modulepreload" fetchpriority');
    expect(output).not.toContain('type="module" async');
    expect(output).toContain('<main>Mobile tyre fitting</main>');
    expect(output).toContain('<script nonce="n0">window.__reactRouterContext = {};</script>');
    expect(output).toContain('streamController.close()');
  });

  it('puts them back from a script with the same nonce, once the page is painted', () => {
    const output = deferHydration(page);
    const loader = /<script nonce="n0">(\(function\(d\)[\s\S]*?)<\/script>/.exec(output)?.[1];
    expect(loader).toBeDefined();
    expect(loader).toContain('requestAnimationFrame');
    // `<` is escaped, so nothing inside the loader can end the script element early.
    expect(loader).not.toContain('<');
    const data = JSON.parse(/\}\)\((\{[\s\S]*\})\)$/.exec(loader!)![1]!) as {
      preloads: string[];
      source: string;
    };
    expect(data.preloads).toEqual(['/assets/entry.client-A.js', '/assets/root-B.js']);
    expect(data.source).toContain('import("/assets/entry.client-A.js");');
    expect(data.source).toContain('if (1 < 2) window.ready = true;');
  });

  it('leaves a page without hydration scripts alone', () => {
    const plain = '<!DOCTYPE html><html><head></head><body><p>Error</p></body></html>';
    expect(deferHydration(plain)).toBe(plain);
  });

  it('gives the same result when the document arrives in small pieces', async () => {
    const pieces = page.match(/[\s\S]{1,7}/g)!;
    const output = await text(
      Readable.from(pieces.map((piece) => Buffer.from(piece))).pipe(deferHydrationStream()),
    );
    expect(output).toBe(deferHydration(page));
  });
});
