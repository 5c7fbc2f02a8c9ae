import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { ResetLink } from '../accounts/operator.ts';

/**
 * `npm run db:backup`, `npm run admin:create`, `npm run admin:reset` and `npm run tyres:import` ask
 * a running server through a Unix domain socket in DATA_DIR: another process must not open the
 * embedded database's files while the server has them. Only the user the server runs as (and
 * root) may connect: the socket file is created readable and writable by its owner alone, which
 * is the whole access control. There is no HTTP endpoint for any of them.
 *
 * Protocol: the client sends one line, `{"command":"backup"}`,
 * `{"command":"create-account","username":"...","password":"..."}`,
 * `{"command":"reset-access","username":"..."}` or `{"command":"tyre-import",...}`; the server
 * answers with one line, `{"ok":true,"bytes":N}` followed by N bytes (the backup; the account, the
 * new set-up link or the import's report as JSON), or `{"ok":false,"error":"..."}`.
 */
const backupSocketName = 'backup.sock';

export function backupSocketPath(dataDir: string): string {
  return path.join(dataDir, backupSocketName);
}

/** Linux's limit for a socket's path (sun_path, less its NUL); Node cuts longer ones silently. */
const maxSocketPathBytes = 107;
const tooLong = (socketPath: string) => Buffer.byteLength(socketPath) > maxSocketPathBytes;

const requestSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('backup') }),
  // Checked by the account rules (addStaffAccount), whose refusals name the field.
  z.object({ command: z.literal('create-account'), username: z.string(), password: z.string() }),
  z.object({ command: z.literal('reset-access'), username: z.string().min(1).max(256) }),
  z.object({
    command: z.literal('tyre-import'),
    file: z.string().min(1).max(512),
    supplier: z.string().max(80).nullable(),
    full: z.boolean(),
  }),
]);
type ControlRequest = z.infer<typeof requestSchema>;

/** The operator's recovery of an account, done by the server (server/accounts/operator.ts). */
type ResetAccessByName = (username: string) => Promise<ResetLink>;

/** `npm run admin:create` through the server (server/auth/initial-admin.ts): the account's name. */
type AccountRequest = { username: string; password: string };
type CreateAccount = (request: AccountRequest) => Promise<{ username: string }>;

/** `npm run tyres:import` through the server (server/tyres/import.ts): the import's report. */
type TyreImportRequest = { file: string; supplier: string | null; full: boolean };
type ImportTyres = (request: TyreImportRequest) => Promise<unknown>;
const answerSchema = z.union([
  z.object({ ok: z.literal(true), bytes: z.number().int().nonnegative() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
/** A request is one short line (a new account's, escaped, the longest); anything longer is not one. */
const maxRequestBytes = 4096;
const requestTimeoutMs = 5_000;

/** What the server does for the operator's commands besides backups; a command left out is refused. */
type OperatorCommands = {
  createAccount?: CreateAccount;
  resetAccess?: ResetAccessByName;
  importTyres?: ImportTyres;
};

/** Opens the socket; undefined (with a warning logged) when it cannot be opened. */
export async function openBackupSocket({
  dataDir,
  dump,
  logger,
  ...commands
}: {
  dataDir: string;
  dump: () => Promise<Uint8Array>;
  logger: Logger;
} & OperatorCommands): Promise<{ close(): Promise<void> } | undefined> {
  const socketPath = backupSocketPath(dataDir);
  const inFlight = new Set<Promise<void>>();
  const server = net.createServer((connection) => {
    const served = serve(connection, { dump, ...commands }, logger);
    inFlight.add(served);
    void served.finally(() => inFlight.delete(served));
  });
  try {
    if (tooLong(socketPath)) {
      throw new Error(`the path is longer than ${maxSocketPathBytes} bytes (shorten DATA_DIR)`);
    }
    // A file left by a server that died: this process holds the data directory's lock.
    fs.rmSync(socketPath, { force: true });
    await listenOwnerOnly(server, socketPath);
  } catch (error) {
    logger.warn(
      { err: error, socket: socketPath },
      'backup socket not opened: npm run db:backup cannot reach this server',
    );
    return undefined;
  }
  return {
    /** Stops accepting, and waits for backups being taken (they need the database open). */
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(inFlight);
      await closed;
      fs.rmSync(socketPath, { force: true });
    },
  };
}

function listenOwnerOnly(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // Created owner-only (the bind happens within listen()), rather than changed afterwards,
    // which would leave a moment in which anyone could connect. A worker thread cannot change
    // the umask; there the chmod below is all.
    let previousUmask: number | undefined;
    try {
      previousUmask = process.umask(0o177);
    } catch {
      previousUmask = undefined;
    }
    try {
      server.listen(socketPath, () => {
        server.off('error', reject);
        try {
          fs.chmodSync(socketPath, 0o600);
          resolve();
        } catch (error) {
          server.close();
          reject(error);
        }
      });
    } finally {
      if (previousUmask !== undefined) process.umask(previousUmask);
    }
  });
}

async function serve(
  connection: net.Socket,
  { dump, createAccount, resetAccess, importTyres }: { dump: () => Promise<Uint8Array> } & OperatorCommands,
  logger: Logger,
) {
  connection.on('error', (error) => logger.warn({ err: error }, 'control socket connection failed'));
  const answer = (header: z.infer<typeof answerSchema>, body?: Uint8Array) => {
    connection.write(`${JSON.stringify(header)}\n`);
    if (body) connection.end(body);
    else connection.end();
  };
  /** Answers with what the work gives, as JSON, or with why it failed. */
  const answerJson = async (work: () => Promise<unknown>) => {
    try {
      const body = Buffer.from(JSON.stringify(await work()));
      answer({ ok: true, bytes: body.byteLength }, body);
      return true;
    } catch (error) {
      answer({ ok: false, error: (error as Error).message });
      return false;
    }
  };
  // A client that connects and says nothing must not hold up the server's shutdown.
  connection.setTimeout(requestTimeoutMs, () => connection.destroy());
  const line = await readLine(connection);
  connection.setTimeout(0);
  const request = requestSchema.safeParse(parseJson(line));
  if (!request.success) {
    answer({ ok: false, error: 'Unknown request: send {"command":"backup"}.' });
    return;
  }
  const asked = request.data;
  if (asked.command === 'create-account') {
    if (!createAccount) answer({ ok: false, error: 'This server does not add accounts.' });
    // The log carries neither the password nor the name.
    else if (await answerJson(() => createAccount({ username: asked.username, password: asked.password }))) {
      logger.info('staff account added for npm run admin:create');
    }
    return;
  }
  if (asked.command === 'reset-access') {
    if (!resetAccess) answer({ ok: false, error: 'This server does not reset accounts.' });
    else if (await answerJson(() => resetAccess(asked.username))) {
      logger.info('account access reset for npm run admin:reset');
    }
    return;
  }
  if (asked.command === 'tyre-import') {
    const { command: _command, ...importRequest } = asked;
    if (!importTyres) answer({ ok: false, error: 'This server does not import tyres.' });
    else await answerJson(() => importTyres(importRequest));
    return;
  }
  // The server's task that takes the backup logs and records it (server/backups/service.ts).
  try {
    const backup = await dump();
    answer({ ok: true, bytes: backup.byteLength }, backup);
  } catch (error) {
    answer({ ok: false, error: (error as Error).message });
  }
}

/** The first line the client sends (at most maxRequestBytes), or undefined. */
function readLine(connection: net.Socket): Promise<string | undefined> {
  return new Promise((resolve) => {
    let received = '';
    const finish = (line: string | undefined) => {
      connection.off('data', onData);
      connection.off('end', onEnd);
      connection.off('close', onEnd);
      resolve(line);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.toString('utf8');
      const end = received.indexOf('\n');
      if (end >= 0) finish(received.slice(0, end));
      else if (received.length > maxRequestBytes) finish(undefined);
    };
    const onEnd = () => finish(undefined);
    connection.on('data', onData);
    connection.once('end', onEnd);
    connection.once('close', onEnd);
  });
}

function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Nothing listens on the socket: no server runs on this data directory (or one still starting). */
export class NoServerListeningError extends Error {
  constructor(readonly socketPath: string) {
    super(`No server answers on ${socketPath}.`);
    this.name = 'NoServerListeningError';
  }
}

/** The server answered that it could not do what was asked; `reason` is its own message. */
export class ServerRefusalError extends Error {
  constructor(
    task: string,
    readonly reason: string,
  ) {
    super(`The server could not ${task}: ${reason}`);
    this.name = 'ServerRefusalError';
  }
}

/** Asks the server on the data directory for a backup; resolves with its bytes. */
export const requestBackup = (socketPath: string): Promise<Uint8Array> =>
  askServer(socketPath, { command: 'backup' }, 'take the backup');

/** Asks the server on the data directory to add a staff account; resolves with its username. */
export async function requestAccountCreation(
  socketPath: string,
  account: AccountRequest,
): Promise<{ username: string }> {
  const answer = await askServer(socketPath, { command: 'create-account', ...account }, 'add the account');
  return JSON.parse(Buffer.from(answer).toString('utf8')) as { username: string };
}

/** Asks the server on the data directory to reset an account's access; resolves with the new link. */
export async function requestAccessReset(socketPath: string, username: string): Promise<ResetLink> {
  const answer = await askServer(socketPath, { command: 'reset-access', username }, 'reset the access');
  return JSON.parse(Buffer.from(answer).toString('utf8')) as ResetLink;
}

/** Asks the server on the data directory to import a price file; resolves with the import's report. */
export async function requestTyreImport(socketPath: string, request: TyreImportRequest): Promise<unknown> {
  const answer = await askServer(socketPath, { command: 'tyre-import', ...request }, 'import the file');
  return JSON.parse(Buffer.from(answer).toString('utf8')) as unknown;
}

/** Sends one request over the socket; resolves with the bytes of the answer. */
function askServer(socketPath: string, request: ControlRequest, task: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    if (tooLong(socketPath)) {
      reject(new NoServerListeningError(socketPath));
      return;
    }
    const chunks: Buffer[] = [];
    const connection = net.createConnection(socketPath, () => {
      connection.write(`${JSON.stringify(request)}\n`);
    });
    connection.on('data', (chunk: Buffer) => chunks.push(chunk));
    connection.on('error', (error: NodeJS.ErrnoException) => {
      const nobody = error.code === 'ENOENT' || error.code === 'ECONNREFUSED';
      reject(nobody ? new NoServerListeningError(socketPath) : error);
    });
    connection.on('end', () => {
      const received = Buffer.concat(chunks);
      const end = received.indexOf(0x0a);
      const header = answerSchema.safeParse(
        parseJson(end < 0 ? undefined : received.subarray(0, end).toString('utf8')),
      );
      if (!header.success) {
        reject(new Error(`The server on ${socketPath} did not ${task} (unexpected answer).`));
      } else if (!header.data.ok) {
        reject(new ServerRefusalError(task, header.data.error));
      } else if (received.length - end - 1 !== header.data.bytes) {
        reject(
          new Error(
            `The server's answer was cut short (${received.length - end - 1} of ${header.data.bytes} bytes).`,
          ),
        );
      } else {
        resolve(new Uint8Array(received.subarray(end + 1)));
      }
    });
  });
}
