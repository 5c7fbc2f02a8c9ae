// `npm start`: builds the app if there is no build yet, then runs the server in this process, so
// that signals sent to it (Ctrl+C, SIGTERM from a supervisor) reach the server directly.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outputs = ['build/runtime/server.js', 'build/server/index.js', 'build/client'];

if (!outputs.every((file) => existsSync(new URL(file, pathToFileURL(root))))) {
  console.log('No build found: building the app first (npm run build)...');
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(new URL('build/runtime/server.js', pathToFileURL(root)).href);
