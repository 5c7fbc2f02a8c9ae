// `npm run admin:reset -- <username>`: the operator's way back in for someone locked out (an owner
// who lost the phone with their authenticator app): their password, two-factor sign-in and
// sessions are cleared, and a one-time set-up link is printed, to be opened within 72 hours. It
// works with the server running: on the embedded database the server does it (the database's
// files are its alone), on PostgreSQL this process does. The activity log records it.
import { NoSuchAccountError, resetAccessByUsername } from '#server/accounts/operator.ts';
import {
  backupSocketPath,
  NoServerListeningError,
  requestAccessReset,
} from '#server/backups/control-socket.ts';
import { ConfigError, loadConfig, type Config } from '#server/config.ts';
import { openDatabase } from '#server/db/client.ts';
import { DataDirLockedError } from '#server/db/data-dir-lock.ts';

async function resetHere(config: Config, username: string) {
  const database = await openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolMax: 1 } : { dataDir: config.dataDir },
  );
  try {
    await database.migrate();
    return await resetAccessByUsername(database.db, username, {
      now: new Date(),
      publicUrl: config.publicUrl,
    });
  } finally {
    await database.close();
  }
}

async function reset(config: Config, username: string) {
  if (config.databaseUrl) return resetHere(config, username);
  try {
    return await requestAccessReset(backupSocketPath(config.dataDir), username);
  } catch (error) {
    if (!(error instanceof NoServerListeningError)) throw error;
  }
  return resetHere(config, username);
}

try {
  const config = loadConfig();
  const username = process.argv[2]?.trim();
  if (!username) throw new Error('Give the username: npm run admin:reset -- <username>');
  const link = await reset(config, username);
  const until = new Date(link.expiresAt).toLocaleString('en-GB', { timeZone: 'Europe/London' });
  console.log(
    `Access of "${username}" reset: their password, two-factor sign-in and sessions are cleared.\n` +
      `Give them this one-time set-up link (it works once, until ${until}):\n${link.setupUrl}`,
  );
} catch (error) {
  if (error instanceof ConfigError) console.error(error.message);
  else if (error instanceof NoSuchAccountError || error instanceof DataDirLockedError) {
    console.error(`Nothing reset: ${error.message}`);
  } else console.error(`Nothing reset: ${(error as Error).message}`);
  process.exitCode = 1;
}
