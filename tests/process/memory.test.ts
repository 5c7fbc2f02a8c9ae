import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { residentMemoryMb, useServerProcesses } from '#tests/support/server-process.ts';

/**
 * The built server on the embedded database fits in 256 MB (docs/decisions/006): measured right
 * after it listens, about 195 MB on a new data directory and 190 MB on an existing one. The
 * bench's pages scenario checks it again after thousands of requests.
 */
const { start, tempDataDir } = useServerProcesses();

const limitMb = 256;

describe.runIf(fs.existsSync('/proc/self/status'))(
  'resident memory of the server on the embedded database',
  () => {
    it(`stays within ${limitMb} MB after creating a new database, and after starting on it again`, async () => {
      const dataDir = tempDataDir();
      for (const moment of ['first start', 'restart']) {
        const server = await start({ DATA_DIR: dataDir });
        await server.ready;
        expect(residentMemoryMb(server.child.pid!), `MB resident after the ${moment}`).toBeLessThanOrEqual(
          limitMb,
        );
        server.child.kill('SIGTERM');
        expect((await server.exited).code).toBe(0);
      }
    }, 60_000);
  },
);
