import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NonceTemplate } from './nonce-template.ts';

const nonce = () => crypto.randomBytes(16).toString('base64url');

/** A document like a rendered page: repetitive markup, the nonce in several places. */
function page(withNonce: string): string {
  const items = Array.from({ length: 400 }, (_, i) => `<li class="card">Tyre ${i} from £${i * 3}</li>`);
  return (
    `<!doctype html><html><head><script nonce="${withNonce}">window.a=1</script></head>` +
    `<body><ul>${items.join('')}</ul><script nonce="${withNonce}" type="module">import "x"</script>` +
    `<script nonce="${withNonce}">window.__context={"n":1}</script></body></html>`
  );
}

describe('NonceTemplate', () => {
  it('gives the document back with any nonce, as text and as gzip', () => {
    const rendered = nonce();
    const template = new NonceTemplate(page(rendered), rendered);
    expect(template.nonceCount).toBe(3);
    for (const next of [nonce(), nonce()]) {
      expect(template.identity(next).toString()).toBe(page(next));
      expect(zlib.gunzipSync(template.gzip(next)).toString()).toBe(page(next));
    }
  });

  it('keeps nothing of the nonce it was rendered with', () => {
    const rendered = nonce();
    const template = new NonceTemplate(page(rendered), rendered);
    const next = nonce();
    expect(template.identity(next).toString()).not.toContain(rendered);
    expect(zlib.gunzipSync(template.gzip(next)).toString()).not.toContain(rendered);
  });

  it('compresses about as well as compressing each response afresh', () => {
    const rendered = nonce();
    const template = new NonceTemplate(page(rendered), rendered);
    const fresh = zlib.gzipSync(page(rendered)).length;
    expect(template.gzip(nonce()).length).toBeLessThan(fresh * 1.2);
  });

  it('handles a document without a nonce, and nonces at its very ends', () => {
    const plain = new NonceTemplate('User-agent: *\nAllow: /\n', nonce());
    expect(plain.nonceCount).toBe(0);
    expect(zlib.gunzipSync(plain.gzip(nonce())).toString()).toBe('User-agent: *\nAllow: /\n');

    const rendered = nonce();
    const edges = new NonceTemplate(`${rendered}middle${rendered}`, rendered);
    const next = nonce();
    expect(zlib.gunzipSync(edges.gzip(next)).toString()).toBe(`${next}middle${next}`);
  });

  it('has one weak validator per document, whatever the nonce', () => {
    const first = nonce();
    const second = nonce();
    const a = new NonceTemplate(page(first), first);
    const b = new NonceTemplate(page(second), second);
    expect(a.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(a.etag).toBe(b.etag);
    expect(new NonceTemplate(`${page(first)} `, first).etag).not.toBe(a.etag);
  });

  it('refuses a nonce that could be mistaken for markup', () => {
    expect(() => new NonceTemplate('<p>', 'abc+/"def')).toThrow(/base64url/);
  });
});
