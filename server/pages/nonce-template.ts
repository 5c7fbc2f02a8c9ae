import crypto from 'node:crypto';
import zlib from 'node:zlib';

/** gzip's header (RFC 1952): deflate, no name, no time, unknown OS. */
const gzipHeader = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xff]);
/** A final, empty stored block: the end of the deflate stream. */
const finalEmptyBlock = Buffer.from([0x01, 0x00, 0x00, 0xff, 0xff]);

/**
 * A rendered document with its Content-Security-Policy nonce taken out, so that it can be sent
 * again with another response's nonce: a cached page never reuses the nonce of the response it
 * was rendered for.
 *
 * Compressed once: each piece of text between two nonces is deflated on its own, ending on a
 * byte boundary (a sync flush) without reference to what came before, so the pieces can follow
 * each other in any deflate stream; a response puts its nonce between them as a stored
 * (uncompressed) block and adds gzip's header and its checksum. Per response that costs a CRC
 * of the document, not a compression.
 */
export class NonceTemplate {
  readonly #parts: Buffer[];
  readonly #deflatedParts: Buffer[];
  /** Bytes held: the text and its compressed pieces. */
  readonly size: number;
  /** A strong validator would be wrong: the bytes differ in every response by their nonce. */
  readonly etag: string;

  constructor(document: string, nonce: string) {
    if (!/^[A-Za-z0-9_-]{16,}$/.test(nonce)) throw new Error('A nonce must be base64url text');
    this.#parts = document.split(nonce).map((part) => Buffer.from(part));
    this.#deflatedParts = this.#parts.map((part) =>
      // Empty text (a nonce at either end) needs no block; zlib is also not given empty buffers,
      // after which Node 20's zlib.crc32 reports 0 for them.
      part.length === 0
        ? Buffer.alloc(0)
        : zlib.deflateRawSync(part, { level: 9, finishFlush: zlib.constants.Z_SYNC_FLUSH }),
    );
    const hash = crypto.createHash('sha256');
    for (const part of this.#parts) hash.update(part).update('\0');
    this.etag = `W/"${hash.digest('base64url').slice(0, 27)}"`;
    this.size = [...this.#parts, ...this.#deflatedParts].reduce((sum, part) => sum + part.length, 0);
  }

  /** How many times the document carries its nonce. */
  get nonceCount(): number {
    return this.#parts.length - 1;
  }

  /** The document as text bytes, with this nonce. */
  identity(nonce: string): Buffer {
    const nonceBytes = Buffer.from(nonce);
    return Buffer.concat(this.#parts.flatMap((part, index) => (index === 0 ? [part] : [nonceBytes, part])));
  }

  /** The document gzip-compressed, with this nonce. */
  gzip(nonce: string): Buffer {
    const nonceBytes = Buffer.from(nonce);
    if (nonceBytes.length > 0xffff) throw new Error('A nonce must fit in one stored block');
    const storedNonce = Buffer.alloc(5 + nonceBytes.length);
    // BFINAL 0, BTYPE 00 (stored), then LEN and its one's complement, little-endian.
    storedNonce.writeUInt16LE(nonceBytes.length, 1);
    storedNonce.writeUInt16LE(~nonceBytes.length & 0xffff, 3);
    nonceBytes.copy(storedNonce, 5);

    const pieces: Buffer[] = [gzipHeader];
    let crc = 0;
    let length = 0;
    this.#parts.forEach((part, index) => {
      if (index > 0) {
        pieces.push(storedNonce);
        crc = zlib.crc32(nonceBytes, crc);
        length += nonceBytes.length;
      }
      pieces.push(this.#deflatedParts[index]!);
      if (part.length > 0) crc = zlib.crc32(part, crc);
      length += part.length;
    });
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length >>> 0, 4);
    pieces.push(finalEmptyBlock, trailer);
    return Buffer.concat(pieces);
  }
}
