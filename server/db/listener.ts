import pg from 'pg';
import type { Logger } from 'pino';

/** What a listener is told about a channel (PostgreSQL LISTEN/NOTIFY). */
export type NotificationHandlers = {
  /** A NOTIFY on the channel was committed. */
  notify(payload: string): void;
  /** The listening connection is lost: notifications may be missed until `resumed`. */
  interrupted?(): void;
  /** Listening again after an interruption (what was sent meanwhile is lost). */
  resumed?(): void;
};

export type Subscription = { close(): Promise<void> };

/** Channel names are fixed identifiers in the code; checked because LISTEN takes no parameter. */
export function assertChannelName(channel: string): void {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
}

/**
 * How long to wait before connecting again: 1 s, doubling, at most 5 s, so that a process hears
 * changes again (and empties its page cache) within seconds of the database coming back.
 */
const retryDelaysMs = { first: 1_000, max: 5_000 };

/**
 * LISTEN on a PostgreSQL server through a connection of its own (a pooled connection cannot hold
 * a LISTEN). When that connection drops, the handlers hear `interrupted` and it is opened again,
 * with growing delays, until `resumed`. The first connection must succeed.
 */
export async function listenPostgres(
  options: { databaseUrl: string; logger?: Logger },
  channel: string,
  handlers: NotificationHandlers,
): Promise<Subscription> {
  assertChannelName(channel);
  let current: pg.Client | null = null;
  let closed = false;
  let retryMs = retryDelaysMs.first;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const connect = async () => {
    const client = new pg.Client({ connectionString: options.databaseUrl, connectionTimeoutMillis: 5_000 });
    const lost = (error?: Error) => {
      if (current !== client) return;
      current = null;
      client.end().catch(() => undefined);
      if (closed) return;
      options.logger?.warn({ err: error, channel }, 'listening connection lost: reconnecting');
      handlers.interrupted?.();
      scheduleReconnect();
    };
    client.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${channel}`);
    } catch (error) {
      client.end().catch(() => undefined);
      throw error;
    }
    current = client;
    if (closed) {
      current = null;
      await client.end();
    }
  };

  const scheduleReconnect = () => {
    retryTimer = setTimeout(() => {
      connect().then(
        () => {
          retryMs = retryDelaysMs.first;
          options.logger?.info({ channel }, 'listening again');
          handlers.resumed?.();
        },
        (error: unknown) => {
          if (closed) return;
          options.logger?.warn({ err: error, channel, retryMs }, 'could not listen yet');
          retryMs = Math.min(retryMs * 2, retryDelaysMs.max);
          scheduleReconnect();
        },
      );
    }, retryMs);
    retryTimer.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retryTimer);
      const client = current;
      current = null;
      await client?.end();
    },
  };
}
