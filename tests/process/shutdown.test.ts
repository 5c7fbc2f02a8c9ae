import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useServerProcesses, waitFor } from '#tests/support/server-process.ts';

/** Stopping the server with signals, as a supervisor or Ctrl+C does. */
const { start, dataDirWithDatabase } = useServerProcesses();

describe('graceful shutdown', () => {
  it('on SIGTERM refuses new connections, finishes requests in flight, closes the database and exits 0', async () => {
    const dataDir = dataDirWithDatabase();
    const server = await start({ DATA_DIR: dataDir });
    await server.ready;

    // A request whose body is still arriving when the signal comes.
    const body = JSON.stringify({ note: 'still uploading' });
    const inFlight = openSlowRequest(server.port, body);
    inFlight.request.write(body.slice(0, 5));
    await inFlight.connected;

    server.child.kill('SIGTERM');
    await waitFor(() => server.stdout().includes('shutting down'));
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();

    inFlight.request.end(body.slice(5));
    const response = await inFlight.response;
    expect(response.status).toBe(404);
    expect(JSON.parse(response.body)).toEqual({ error: 'Not found' });

    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.stdout()).toContain('"msg":"stopped"');
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // Closed cleanly: the next start opens the same data at once.
    const next = await start({ DATA_DIR: dataDir });
    await next.ready;
    expect(next.stdout()).not.toContain('demo content seeded');
  });

  it('on SIGINT cuts requests still running at the deadline and exits 0', async () => {
    const server = await start({ DATA_DIR: dataDirWithDatabase(), SHUTDOWN_TIMEOUT_MS: '300' });
    await server.ready;
    const inFlight = openSlowRequest(server.port, '{"never": "finished"}');
    inFlight.request.write('{');
    await inFlight.connected;
    inFlight.response.catch(() => {});

    server.child.kill('SIGINT');
    const { code } = await server.exited;
    expect(code).toBe(0);
    expect(server.stdout()).toContain('requests still running at the deadline');
    await expect(inFlight.response).rejects.toThrow();
  });
});

describe('npm start stopped by a supervisor', () => {
  // npm runs the script through a shell: the signal must reach the server whichever of npm and
  // the launcher it is sent to, and npm must wait for the server and exit as it does.
  it.each([
    ['npm', (npm: number) => npm],
    ['the launcher (node scripts/start.mjs)', (npm: number) => childOf(npm)],
  ])(
    'on SIGTERM to %s stops the server gracefully within 10 s, exit code 0, the port free',
    async (_, target) => {
      const server = await start({ DATA_DIR: dataDirWithDatabase() }, { entry: 'npm', detached: true });
      await server.ready;
      // A start on an existing build: npm's own lines and the server's log, nothing else.
      const printed = server.stdout().split('\n');
      expect(
        printed.filter((line) => line !== '' && !line.startsWith('> ') && !line.startsWith('{')),
      ).toEqual([]);
      expect(server.stdout() + server.stderr()).not.toMatch(/Future Flag|vite|build/i);

      const signalledAt = performance.now();
      process.kill(target(server.child.pid!), 'SIGTERM');
      const { code, signal } = await server.exited;
      expect(performance.now() - signalledAt).toBeLessThan(10_000);
      expect({ code, signal }).toEqual({ code: 0, signal: null });
      expect(server.stdout()).toContain('"msg":"stopped"');
      expect(server.stdout()).not.toContain('second signal');
      expect(await portIsFree(server.port)).toBe(true);
    },
  );
});

/** The one child process of a process (Linux). */
function childOf(pid: number): number {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(' ');
  expect(children).toHaveLength(1);
  return Number(children[0]);
}

function portIsFree(port: number): Promise<boolean> {
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function openSlowRequest(port: number, body: string) {
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/slow-upload',
    headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
  });
  const connected = new Promise<void>((resolve) =>
    request.once('socket', (socket) => socket.once('connect', resolve)),
  );
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('error', reject);
    request.once('response', (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.once('error', reject);
    });
  });
  request.flushHeaders();
  return { request, connected, response };
}
