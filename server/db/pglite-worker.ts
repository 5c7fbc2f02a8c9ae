// The embedded database's own thread: PGlite runs here so that its work (WebAssembly, on the
// order of a millisecond per statement) does not hold up the HTTP server's event loop.
import v8 from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { dumpDatabaseFiles } from './pglite-dump.ts';
import { pgliteExtensions, pgliteStartParams } from './pglite-settings.ts';
import type { PgliteNotification, PgliteRequest, PgliteResponse } from './pglite-thread.ts';

const port = parentPort!;
const { dataDir } = workerData as { dataDir: string };

// Values the ORM parses itself stay text, as its PGlite driver asks for on every query.
const textParsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (oid) => [oid, (value: string) => value],
  ),
);

// PostgreSQL's WebAssembly is compiled by V8's baseline compiler (Liftoff) only, never tiered up
// to its optimising compiler (TurboFan): TurboFan compiling PostgreSQL's largest functions takes
// up to 40 MB at a time, which the C library then keeps (30 to 70 MB more resident, varying from
// one start to the next), for about 10% more CPU time per enquiry stored. Set before PGlite
// compiles; V8's flags are the process's, and nothing else in the server runs WebAssembly
// (docs/decisions/006-embedded-database-memory.md).
v8.setFlagsFromString('--liftoff-only');

const pg = new PGlite(dataDir, { startParams: pgliteStartParams, extensions: pgliteExtensions });
const transactions = new Map<
  number,
  { tx: Transaction; finish: (commit: boolean) => void; done: Promise<void> }
>();

const rolledBack = new Error('rolled back');

function reply(message: PgliteResponse) {
  port.postMessage(message);
}

async function handle(request: PgliteRequest) {
  try {
    switch (request.type) {
      case 'query': {
        const target = request.txId ? transactions.get(request.txId)!.tx : pg;
        const result = await target.query(request.sql!, request.params, {
          rowMode: request.rowMode,
          parsers: request.textParsers ? textParsers : undefined,
        });
        reply({ id: request.id, ok: true, result });
        return;
      }
      case 'exec': {
        const target = request.txId ? transactions.get(request.txId)!.tx : pg;
        reply({ id: request.id, ok: true, result: await target.exec(request.sql!) });
        return;
      }
      case 'begin': {
        // PGlite runs one transaction at a time; the others (and plain queries) wait their turn.
        let started: () => void;
        const ready = new Promise<void>((resolve) => (started = resolve));
        const done = pg.transaction(
          (tx) =>
            new Promise<void>((resolve, reject) => {
              transactions.set(request.id, {
                tx,
                done,
                finish: (commit) => (commit ? resolve() : reject(rolledBack)),
              });
              started();
            }),
        );
        done.catch(() => undefined);
        await Promise.race([ready, done]);
        reply({ id: request.id, ok: true, result: null });
        return;
      }
      case 'end': {
        const transaction = transactions.get(request.txId!)!;
        transactions.delete(request.txId!);
        transaction.finish(request.commit!);
        await transaction.done.catch((error: unknown) => {
          if (error !== rolledBack) throw error;
        });
        reply({ id: request.id, ok: true, result: null });
        return;
      }
      case 'listen': {
        const channel = request.sql!;
        await pg.listen(channel, (payload) => {
          port.postMessage({ notification: { channel, payload } } satisfies PgliteNotification);
        });
        reply({ id: request.id, ok: true, result: null });
        return;
      }
      case 'dump': {
        const backup = await dumpDatabaseFiles(pg);
        // Handed over rather than copied: a backup is megabytes.
        port.postMessage({ id: request.id, ok: true, result: backup } satisfies PgliteResponse, [
          backup.buffer,
        ]);
        return;
      }
      case 'close': {
        await pg.close();
        reply({ id: request.id, ok: true, result: null });
        return;
      }
    }
  } catch (error) {
    const { message, code } = error as Error & { code?: string };
    reply({ id: request.id, ok: false, error: { message, code } });
  }
}

await pg.waitReady;
port.on('message', (request: PgliteRequest) => void handle(request));
port.postMessage({ id: 0, ok: true, result: 'ready' } satisfies PgliteResponse);
