import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { outbox, serviceChecks, textMessages, textOptOuts } from '#server/db/schema.ts';
import { textsTask } from '#server/messages/texts-task.ts';
import { twilioAccess } from '#server/messages/twilio.ts';
import { testConfig } from './app.ts';
import { useBookingsApp } from './bookings-app.ts';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-stand-in.ts';

/**
 * The texts' tests: the bookings' app (tests/support/bookings-app.ts) with texts set up against a
 * Twilio stand-in (tests/support/twilio-stand-in.ts), listening on a port for the stand-in's
 * replies and delivery statuses; the `texts` task run when a test says.
 */
export function useTextsApp<App extends ReturnType<typeof useBookingsApp>>(
  /** The app under test (the jobs' app, say): the bookings' by default. */
  useApp: (options: { env: () => Record<string, string> }) => App = useBookingsApp as never,
) {
  let standIn: TwilioStandIn | undefined;
  const env: Record<string, string> = {};
  beforeAll(async () => {
    standIn = await startTwilioStandIn();
    Object.assign(env, standIn.env());
  });
  const app = useApp({ env: () => env });
  let server: http.Server | undefined;
  beforeAll(async () => {
    server = http.createServer(app.fixture.app);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await standIn?.close();
  });
  beforeEach(async () => {
    const { db } = app.fixture.database;
    for (const table of [textMessages, textOptOuts, serviceChecks]) await db.delete(table);
    await db.delete(outbox).where(eq(outbox.channel, 'text'));
    twilio().texts.length = 0;
    twilio().requests.length = 0;
  });

  const twilio = () => {
    if (!standIn) throw new Error('The Twilio stand-in runs from beforeAll to afterAll');
    return standIn;
  };
  /** Where the app listens (Twilio's requests go there). */
  const origin = () => `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const publicUrl = testConfig().publicUrl;

  /** One run of the `texts` task, as the task runner makes it. */
  async function sendTexts() {
    const task = textsTask({
      db: app.fixture.database.db,
      twilio: twilioAccess(testConfig(env).twilio)!,
      logger: pino({ level: 'silent' }),
      publicUrl,
      retryBaseMs: 0,
    });
    return task.run({ signal: new AbortController().signal, runSoon: () => {} });
  }

  /** The record of texts, oldest first. */
  const textRecords = () => app.fixture.database.db.select().from(textMessages).orderBy(textMessages.id);
  /** The texts in the outbox, oldest first. */
  const queuedTexts = () =>
    app.fixture.database.db.select().from(outbox).where(eq(outbox.channel, 'text')).orderBy(outbox.id);

  return { ...app, twilio, origin, publicUrl, sendTexts, textRecords, queuedTexts, env };
}
