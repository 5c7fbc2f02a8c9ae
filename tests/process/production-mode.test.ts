import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '#server/paths.ts';
import { useServerProcesses } from '#tests/support/server-process.ts';

/**
 * The built server runs the production builds of its packages whatever NODE_ENV says: React's
 * development builds render several times slower. What the process ran is read from Node's
 * module cache when it exits (tests/support/record-loaded-modules.mjs).
 */
const { start, tempDataDir, dataDirWithDatabase } = useServerProcesses();
const recorder = path.join(projectRoot, 'tests', 'support', 'record-loaded-modules.mjs');

describe('the built server', () => {
  it.each([
    ['node build/runtime/server.js without NODE_ENV', 'built', undefined],
    ['npm start (scripts/start.mjs) with NODE_ENV=development', 'npm-start', 'development'],
  ] as const)('%s loads no development build of any package', async (_case, entry, nodeEnv) => {
    const dir = tempDataDir();
    const list = path.join(dir, 'loaded-modules.txt');
    const server = await start(
      { DATA_DIR: dataDirWithDatabase(), NODE_ENV: nodeEnv, LOADED_MODULES_FILE: list },
      { entry, nodeOptions: `--import ${pathToFileURL(recorder).href}` },
    );
    await server.ready;
    // A rendered page loads React's server renderer.
    expect((await fetch(`${server.url}/`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);

    const ran = fs.readFileSync(list, 'utf8').split('\n');
    expect(ran.filter((file) => /node_modules.*development/.test(file))).toEqual([]);
    expect(ran).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/react-dom-server\.node\.production\.js$/),
        expect.stringMatching(/react\.production\.js$/),
      ]),
    );
  });
});
