// `npm run admin:create [username]`: adds a staff account (an owner) to the configured database.
// It works with the server running: on the embedded database the server adds it (the database's
// files are its alone), asked through the control socket in DATA_DIR; on PostgreSQL, or with no
// server running, this process does.
// The password is never taken from the command line (it would stay in the shell history and be
// visible to other users in the process list): it is asked for at a prompt, without echo, or
// read from the first line of standard input when that is not a terminal:
//   printf '%s\n' "$PASSWORD" | npm run admin:create -- alex
import readline from 'node:readline/promises';
import { AccountRefusedError, addStaffAccount } from '#server/auth/initial-admin.ts';
import {
  backupSocketPath,
  NoServerListeningError,
  requestAccountCreation,
  ServerRefusalError,
} from '#server/backups/control-socket.ts';
import { ConfigError, loadConfig, type Config } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';

type Credentials = { username: string; password: string };

/** Reads one line from a terminal without showing what is typed. */
function askHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const input = process.stdin;
    process.stdout.write(question);
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    let typed = '';
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === '\r' || character === '\n') {
          finish();
          resolve(typed);
          return;
        }
        if (character === '\u0003') {
          finish();
          reject(new Error('Cancelled.'));
          return;
        }
        if (character === '\u007f' || character === '\b') typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    const finish = () => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stdout.write('\n');
    };
    input.on('data', onData);
  });
}

async function readFirstLine(): Promise<string> {
  const lines = readline.createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function askCredentials(): Promise<Credentials> {
  const interactive = process.stdin.isTTY;
  let username = process.argv[2] ?? '';
  if (!username) {
    if (!interactive) throw new Error('Give the username as an argument: npm run admin:create -- <username>');
    const prompt = readline.createInterface({ input: process.stdin, output: process.stdout });
    username = await prompt.question('Username: ');
    prompt.close();
  }
  if (!interactive) return { username, password: await readFirstLine() };
  const password = await askHidden('Password (at least 12 characters): ');
  if ((await askHidden('Password again: ')) !== password) throw new Error('The two passwords differ.');
  return { username, password };
}

async function createHere(config: Config, credentials: Credentials) {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolMax: 1 } : { dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    await addStaffAccount(database.db, credentials, { onlyIfFirst: false });
  } finally {
    await database.close();
  }
}

async function create(config: Config, credentials: Credentials) {
  if (config.databaseUrl) return createHere(config, credentials);
  const socket = backupSocketPath(config.dataDir);
  try {
    await requestAccountCreation(socket, credentials);
    return;
  } catch (error) {
    if (!(error instanceof NoServerListeningError)) throw error;
  }
  try {
    await createHere(config, credentials);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // Held, yet no server answers: one still starting, or another command on the database.
    throw new Error(
      `the data directory ${config.dataDir} is in use by process ${error.holderPid}, and no server ` +
        `answers on ${socket} (a server still starting, or a command such as npm run db:backup). ` +
        'Try again when it has finished.',
      { cause: error },
    );
  }
}

try {
  const config = loadConfig();
  const credentials = await askCredentials();
  await create(config, credentials);
  console.log(`Account "${credentials.username.trim()}" created (an owner). Sign in at /auth.`);
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof AccountRefusedError) console.error(`Account not created:\n${error.message}`);
  else if (error instanceof ServerRefusalError) console.error(`Account not created:\n${error.reason}`);
  else console.error(`Account not created: ${(error as Error).message}`);
  process.exitCode = 1;
}
