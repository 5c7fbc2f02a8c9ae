import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createStaffMemories } from './app-parts.ts';
import { createApp } from './app.ts';
import { systemClock } from './clock.ts';
import {
  AccountRefusedError,
  addStaffAccount,
  firstAccountHint,
  firstAccountWarning,
} from './auth/initial-admin.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase, type Database, type DatabaseHandle } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { seedDemoContent } from './db/seed.ts';
import { seedDemoTyres } from './tyres/demo-catalogue.ts';
import { failStaleImports } from './tyres/import-records.ts';
import { removeLeftoverUploads } from './tyres/upload.ts';
import { createDevSsr, loadProductionSsr } from './http/ssr.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer } from './notifications/mailer.ts';
import { createPageViewRecorder } from './analytics/recorder.ts';
import { watchSiteContent } from './pages/content-changes.ts';
import { PageCache } from './pages/page-cache.ts';
import type { Subscription } from './db/listener.ts';
import { embeddedDatabaseBackups } from './backups/service.ts';
import { backgroundTasks } from './background-tasks.ts';
import { createTaskRunner } from './tasks/runner.ts';
import { createSiteContentStore, type SiteContentStore } from '#server/site-content/store.ts';
import { seedSiteContent } from '#common/site-content/seed.ts';
import { watchStaffData } from './db/staff-data.ts';
import { watchSettings } from './settings/changes.ts';
import { createSettingsStore, type SettingsStore } from './settings/store.ts';

/** How long an idle client connection is kept open. */
const keepAliveMs = 65_000;

/** Signals within this time of the first are one stop (a second signal closes connections at once). */
const sameStopWithinMs = 1_000;

/**
 * The process: configuration, database (migrated, seeded), HTTP server, graceful shutdown.
 * A problem the operator must fix (bad setting, data directory in use) ends the process with one
 * readable line on stderr and exit code 1, without a stack trace.
 */
async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  const clock = systemClock;
  const database = await openDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax, logger }
      : { dataDir: config.dataDir, logger },
  );
  // From here on the database must be closed on every way out (PGlite writes on close).
  // Development renders every page afresh (its modules change under it).
  const pageCache = config.nodeEnv === 'development' ? undefined : new PageCache();
  const siteContent = createSiteContentStore(database.db, () => seedSiteContent(config.site));
  const settings = createSettingsStore(database.db, siteContent);
  const staffMemories = createStaffMemories(database.db, siteContent);
  const { ssr, siteContentWatch, settingsWatch, staffDataWatch, noStaffAccount } = await prepare(
    database,
    config,
    {
      clock,
      logger,
      pageCache,
      siteContent,
      settings,
      staffMemories,
    },
  );

  if (!config.smtpUrl) {
    logger.warn(
      'e-mail is not set up (SMTP_URL): notifications wait in the outbox, shown to owners in the dashboard',
    );
  }
  const mailer = createMailer({ smtpUrl: config.smtpUrl });
  // The embedded database's nightly backups, and the socket npm run db:backup asks through.
  const backups = embeddedDatabaseBackups({ config, database, logger, clock });
  // Every periodic or deferred piece of work, one run at a time across processes (decision 025).
  const tasks = createTaskRunner({
    database,
    logger,
    clock,
    tasks: [
      ...backgroundTasks({ config, database, logger, clock, siteContent, settings, mailer }),
      ...backups.tasks,
    ],
  });
  const socket = await backups.openSocket(tasks);
  /** Stops the background work: the socket's requests first, as the tasks do them. */
  const stopTasks = async () => {
    await socket.close();
    // Unsent notifications stay in the outbox and go out after the next start.
    await tasks.stop();
    mailer?.close();
  };

  const pageViews = createPageViewRecorder({ db: database.db, logger });
  let shuttingDown = false;
  const app = createApp({
    pageViews,
    config,
    database,
    logger,
    ssr,
    // The outbox's e-mails, and its texts while they are set up.
    notifications: { wake: () => ['outbox', ...(config.twilio ? ['texts'] : [])].forEach(tasks.runSoon) },
    tasks,
    pageCache,
    siteContent,
    settings,
    staffMemories,
    clock,
    isShuttingDown: () => shuttingDown,
  });
  const server = listen(app, config);
  // Signals are handled from here on, before anyone can learn that the server listens.
  let shutdownAskedAt = 0;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (shuttingDown) {
      // One stop often arrives by several ways at once (a supervisor signalling every process of
      // the service, `npm start` passing the signal on as well): only a later one is a second.
      if (performance.now() - shutdownAskedAt < sameStopWithinMs) return;
      logger.warn({ signal }, 'second signal: closing open connections now');
      server.closeAllConnections();
      return;
    }
    shuttingDown = true;
    shutdownAskedAt = performance.now();
    logger.info({ signal }, 'shutting down: no new connections, finishing requests in flight');
    const drained = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const force = setTimeout(() => {
      logger.warn(
        { timeoutMs: config.shutdownTimeoutMs },
        'requests still running at the deadline: closing them',
      );
      server.closeAllConnections();
    }, config.shutdownTimeoutMs);
    await drained;
    clearTimeout(force);
    await ssr.close?.();
    await pageViews.stop();
    await stopTasks();
    await siteContentWatch.close();
    await settingsWatch.close();
    await staffDataWatch.close();
    await database.close();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  followLauncher(logger, shutdown);
  try {
    await untilListening(server);
  } catch (error) {
    // Typically the port is taken (EADDRINUSE): reported as one line by the caller.
    await stopTasks();
    await siteContentWatch.close();
    await settingsWatch.close();
    await staffDataWatch.close();
    await database.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  logger.info(
    { port, database: database.driver, ...(database.driver === 'pglite' && { dataDir: config.dataDir }) },
    `listening on http://localhost:${port}`,
  );
  if (noStaffAccount) logger.flush(() => process.stderr.write(firstAccountHint));
  server.on('error', (error) => logger.error({ err: error }, 'server error'));
}

type Ssr = Awaited<ReturnType<typeof loadProductionSsr>>;

/**
 * Readies the database and what reads it before the server listens: migrated and seeded, the
 * first account added from ADMIN_USERNAME (or a warning that there is none), the pages' renderer loaded, the seed published as
 * version 1 on a new database, and the content, the settings and the staff's data watched. On
 * failure what it opened is closed, with the database.
 */
async function prepare(
  database: DatabaseHandle,
  config: Config,
  {
    clock,
    logger,
    pageCache,
    siteContent,
    settings,
    staffMemories,
  }: {
    clock: () => Date;
    logger: Logger;
    pageCache: PageCache | undefined;
    siteContent: SiteContentStore;
    settings: SettingsStore;
    staffMemories: ReturnType<typeof createStaffMemories>;
  },
): Promise<{
  ssr: Ssr;
  siteContentWatch: Subscription;
  settingsWatch: Subscription;
  staffDataWatch: Subscription;
  noStaffAccount: boolean;
}> {
  let siteContentWatch: Subscription | undefined;
  let settingsWatch: Subscription | undefined;
  let staffDataWatch: Subscription | undefined;
  try {
    await database.migrate();
    if (config.seedDemoContent && (await seedDemoContent(database.db))) {
      logger.info('demo content seeded');
    }
    if (await seedDemoTyres(database.db)) logger.info('demo tyre catalogue seeded');
    // The embedded database has this process alone: an import it shows running was stopped.
    await failStaleImports(database.db, { now: clock(), all: !config.databaseUrl });
    removeLeftoverUploads();
    await addInitialAdmin(database.db, config, logger);
    const noAccount = await firstAccountWarning(database.db);
    if (noAccount) logger.warn(noAccount);
    const ssr = config.nodeEnv === 'development' ? await createDevSsr() : await loadProductionSsr();
    // The first start of a new database publishes the seed as version 1.
    await siteContent.published();
    siteContentWatch = await watchSiteContent(database, { cache: pageCache, content: siteContent, logger });
    settingsWatch = await watchSettings(database, { cache: pageCache, settings, logger });
    staffDataWatch = await watchStaffData(database, staffMemories);
    return { ssr, siteContentWatch, settingsWatch, staffDataWatch, noStaffAccount: noAccount !== undefined };
  } catch (error) {
    await siteContentWatch?.close();
    await settingsWatch?.close();
    await staffDataWatch?.close();
    await database.close();
    throw error;
  }
}

/** The first staff account, from ADMIN_USERNAME and ADMIN_PASSWORD, while there is none. */
async function addInitialAdmin(db: Database, config: Config, logger: Logger) {
  if (!config.initialAdmin) return;
  try {
    if (await addStaffAccount(db, config.initialAdmin, { onlyIfFirst: true })) {
      logger.info(
        { username: config.initialAdmin.username },
        'first staff account created from ADMIN_USERNAME',
      );
    }
  } catch (error) {
    if (!(error instanceof AccountRefusedError)) throw error;
    throw new ConfigError(
      error.reasons.map(
        (reason) => `Invalid configuration: ADMIN_USERNAME/ADMIN_PASSWORD refused: ${reason}`,
      ),
    );
  }
}

/** The app's server, listening where the configuration says. */
function listen(app: ReturnType<typeof createApp>, config: Config): Server {
  const server = app.listen(config.port, config.host);
  // Idle connections are kept longer than a proxy in front keeps its own (60 s for nginx and most
  // load balancers): a client that sends on a connection just as the server drops it gets a reset
  // (ECONNRESET) instead of an answer, which Node's 5 s default makes likely.
  server.keepAliveTimeout = keepAliveMs;
  server.headersTimeout = keepAliveMs + 1_000;
  return server;
}

const untilListening = (server: Server) =>
  new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });

/**
 * Started by `npm start` (scripts/start.mjs), the server is tied to its launcher by an IPC
 * channel: when the launcher dies without passing a signal on (kill -9 of it alone), the channel
 * closes and the server shuts down as for SIGTERM, so no orphan keeps the port and the data
 * directory. The channel itself keeps nothing running.
 */
function followLauncher(logger: Logger, shutdown: (signal: NodeJS.Signals) => Promise<void>) {
  if (!process.channel) return;
  process.channel.unref();
  process.once('disconnect', () => {
    logger.warn('the launcher has gone: shutting down');
    void shutdown('SIGTERM');
  });
}

function exitWith(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) exitWith(error.message);
  if (error instanceof DataDirLockedError) exitWith(`Cannot start: ${error.message}`);
  const message = error instanceof Error ? error.message : String(error);
  exitWith(`Cannot start: ${message}`);
});
