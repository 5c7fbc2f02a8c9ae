import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { PGlite } from '@electric-sql/pglite';

const gzip = promisify(zlib.gzip);

/**
 * A consistent copy of an embedded database's files: a gzipped tar of its data directory, as
 * PGlite's `loadDataDir` option reads it (docs/decisions/008-embedded-database-backups.md).
 *
 * PGlite's dumpDataDir waits only for the statement in progress, not for the transaction: called
 * between two statements of a transaction, it copies that transaction half done (a restore then
 * rolls it back, as after a crash). Inside a transaction of its own it waits for every transaction
 * queued before it, and none starts until the copy is taken. CHECKPOINT first writes every
 * committed change into the data files, so a restore has next to nothing to replay from the
 * write-ahead log. Compression happens afterwards, while the database serves again.
 */
export async function dumpDatabaseFiles(pg: PGlite): Promise<Uint8Array<ArrayBuffer>> {
  const tarball = await pg.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return pg.dumpDataDir('none');
  });
  // A buffer of its own (zlib's result may share a pooled one), so it can be transferred.
  return new Uint8Array(await gzip(new Uint8Array(await tarball.arrayBuffer())));
}
