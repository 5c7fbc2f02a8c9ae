import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useServerProcesses } from '#tests/support/server-process.ts';

/**
 * The built server on the embedded database fits in 256 MB (docs/decisions/006): measured right
 * after it listens, about 195 MB on a new data directory and 190 MB on an existing one. The
 * bench's pages scenario checks it again after thousands of requests.
 */
const { start, tempDataDir } = useServerProcesses();

const limitMb = 256;

/** Resident memory of a process (VmRSS), in MB. */
function residentMb(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB$/m);
  if (!line) throw new Error(`no VmRSS for process ${pid}`);
  return Number(line[1]) / 1024;
}

describe.runIf(fs.existsSync('/proc/self/status'))(
  'resident memory of the server on the embedded database',
  () => {
    it(`stays within ${limitMb} MB after creating a new database, and after starting on it again`, async () => {
      const dataDir = tempDataDir();
      for (const moment of ['first start', 'restart']) {
        const server = await start({ DATA_DIR: dataDir });
        await server.ready;
        expect(residentMb(server.child.pid!), `MB resident after the ${moment}`).toBeLessThanOrEqual(limitMb);
        server.child.kill('SIGTERM');
        expect((await server.exited).code).toBe(0);
      }
    }, 60_000);
  },
);
