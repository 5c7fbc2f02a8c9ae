// `npm start`: builds the app if there is no build yet, then runs the server in a child process
// with the launch settings it needs (scripts/server-launch.mjs), passing on the signals a
// supervisor sends and exiting as the server does; the server ends when this launcher does.
// npm runs it as `exec node scripts/start.mjs`: npm passes SIGTERM and SIGINT to the process it
// started, and without `exec` that is the shell, which dies of it without passing it on.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serverEnvironment, serverNodeArgs } from './server-launch.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['build/runtime/server.js', 'build/server/index.js', 'build/client'];

// A start that needs no build says nothing of it; one that builds says so in one line, and shows
// the build's own output only when it fails.
if (!outputs.every((file) => existsSync(new URL(file, pathToFileURL(root))))) {
  console.log('No build found: building the app first (npm run build)...');
  const result = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    console.error(
      `The build failed${result.error ? ` (${result.error.message})` : ''}: the server was not started.`,
    );
    process.exit(result.status ?? 1);
  }
}

const server = spawn(
  process.execPath,
  [...serverNodeArgs, fileURLToPath(new URL('../build/runtime/server.js', import.meta.url))],
  // The IPC channel ties the server to this launcher: if the launcher dies without passing a
  // signal on (kill -9), the channel closes and the server shuts down rather than live on as an
  // orphan holding the port and the data directory (server/index.ts).
  { cwd: root, env: serverEnvironment(process.env), stdio: ['inherit', 'inherit', 'inherit', 'ipc'] },
);
// Ctrl+C in a terminal sends SIGINT to the server too (same process group): passing it on as
// well would be a second signal, which closes open connections at once.
process.on('SIGINT', () => {
  if (!process.stdin.isTTY) server.kill('SIGINT');
});
for (const signal of ['SIGTERM', 'SIGHUP']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(signal ? 128 + os.constants.signals[signal] : (code ?? 1)));
