import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll } from 'vitest';
import { projectRoot } from '#server/paths.ts';
import { serverEnvironment, serverNodeArgs } from '../../scripts/server-launch.mjs';
import { withCreatedDatabase } from './created-database.ts';

const serverEntry = path.join(projectRoot, 'build', 'runtime', 'server.js');
/**
 * How an operator starts the server: the built entry itself, `npm start`'s script, or `npm start`
 * itself (npm, then the script, then the server: three processes).
 */
const entries = {
  built: [process.execPath, ...serverNodeArgs, serverEntry],
  'npm-start': [process.execPath, path.join(projectRoot, 'scripts', 'start.mjs')],
  npm: ['npm', 'start'],
} satisfies Record<string, string[]>;

/** Builds the app unless a build exists (`npm test` builds first, so this is for single runs). */
export function ensureBuilt() {
  if (fs.existsSync(serverEntry) && fs.existsSync(path.join(projectRoot, 'build', 'server', 'index.js')))
    return;
  execFileSync('npm', ['run', 'build'], { cwd: projectRoot, stdio: 'inherit' });
}

/**
 * A port free now for a server to listen on soon, below the range the system gives outgoing
 * connections their own ports from (32768 and up on Linux): a port the system picked (listen on
 * 0) could be taken meanwhile by any connection this machine opens, before the server binds it.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    const server = net.createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (!bound) continue;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  url: string;
  stdout(): string;
  stderr(): string;
  /** Resolves when the server logs that it listens; rejects if it exits first. */
  ready: Promise<void>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Started in a process group of its own, whose id is the child's pid. */
  detached: boolean;
};

/** Starts the built server the way `npm start` runs it (with its launch settings), in a process of its own. */
export async function startServerProcess(
  /** Settings; a variable given as undefined is removed from the environment. */
  env: Record<string, string | undefined>,
  {
    keepOutput = 'all',
    entry = 'built',
    nodeOptions,
    detached = false,
  }: {
    /** 'until-ready' stops keeping the log once the server listens (long load tests). */
    keepOutput?: 'all' | 'until-ready';
    entry?: keyof typeof entries;
    /** Extra options for node (NODE_OPTIONS), such as a module to preload. */
    nodeOptions?: string;
    /**
     * In a process group of its own, as a supervisor runs it (`npm start`'s launcher and the
     * server it starts): `process.kill(-child.pid, signal)` reaches both.
     */
    detached?: boolean;
  } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const inherited = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.TEST_DATABASE_URL;
  const settings: Record<string, string | undefined> = {
    ...inherited,
    NODE_ENV: 'production',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: String(port),
    ...(nodeOptions && { NODE_OPTIONS: nodeOptions }),
    ...env,
  };
  // The built entry gets the launch settings that npm start gives it; npm start gives them itself.
  const [command, ...args] = entries[entry];
  const child = spawn(command!, args, {
    cwd: projectRoot,
    env: Object.fromEntries(
      Object.entries(entry === 'built' ? serverEnvironment(settings) : settings).filter(
        ([, value]) => value !== undefined,
      ),
    ),
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const ready = new Promise<void>((resolve, reject) => {
    const onData = () => {
      if (stdout.includes('"listening on')) {
        child.stdout!.off('data', onData);
        if (keepOutput === 'until-ready') {
          child.stdout!.removeAllListeners('data');
          child.stdout!.resume();
        }
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    void exited.then(({ code }) =>
      reject(new Error(`server exited with ${code} before listening: ${stderr}`)),
    );
  });
  ready.catch(() => {});
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    stdout: () => stdout,
    stderr: () => stderr,
    ready,
    exited,
    detached,
  };
}

/** SIGKILL to every process of a group, if any is left. */
function killGroup(pgid: number) {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch (error) {
    if (!(error instanceof Error && 'code' in error && error.code === 'ESRCH')) throw error;
  }
}

/**
 * Registers clean-up for a test file that starts servers: every server still running is killed
 * and every temporary data directory removed after each test. Builds the app first if needed.
 */
export function useServerProcesses() {
  const started: ServerProcess[] = [];
  const dirs: string[] = [];

  beforeAll(() => ensureBuilt(), 180_000);

  afterEach(async () => {
    for (const server of started.splice(0)) {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
      // A group of its own (detached) may hold more than the process started: the whole group.
      if (server.detached) killGroup(server.child.pid!);
    }
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  const tempDataDir = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'server-process-'));
    dirs.push(dir);
    return dir;
  };

  return {
    tempDataDir,
    /**
     * A temporary data directory holding a database as a first start leaves it, before
     * migrations: a server started on it skips creating one (initdb, about 3 s).
     */
    dataDirWithDatabase(): string {
      const dir = tempDataDir();
      return withCreatedDatabase(dir);
    },
    async start(
      env: Record<string, string | undefined>,
      options?: Parameters<typeof startServerProcess>[1],
    ): Promise<ServerProcess> {
      const server = await startServerProcess(env, options);
      started.push(server);
      return server;
    },
  };
}

/** Resident memory (VmRSS) of a process, all its threads, in MB; undefined where /proc is not there. */
export function residentMemoryMb(pid: number): number | undefined {
  try {
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

/** Polls until the condition holds (output of a child process, typically). */
export async function waitFor(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for condition');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
