import { Worker } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';

export type PgliteRequest = {
  id: number;
  type: 'query' | 'exec' | 'begin' | 'end' | 'close' | 'listen' | 'dump';
  sql?: string;
  params?: unknown[];
  rowMode?: 'array' | 'object';
  /** Keep date and interval values as text (the ORM's PGlite driver parses them itself). */
  textParsers?: boolean;
  txId?: number;
  commit?: boolean;
};

export type PgliteResponse =
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { message: string; code?: string } };

/** A NOTIFY on a channel the thread listens on (sent before the reply to the committing query). */
export type PgliteNotification = { notification: { channel: string; payload: string } };

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: unknown };

/** What the ORM uses of a PGlite client, for a query inside or outside a transaction. */
type Queryable = {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
};

/**
 * PGlite in a worker thread (`pglite-worker.ts`), behind the subset of the PGlite client that
 * Drizzle's PGlite driver calls: query, exec and transaction. Requests are messages; the
 * database's own queue keeps their order and runs one transaction at a time.
 */
export class PgliteThread implements Queryable {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #listeners = new Map<string, Set<(payload: string) => void>>();
  #nextId = 1;
  #closed = false;
  readonly waitReady: Promise<void>;

  constructor(workerUrl: URL, dataDir: string) {
    this.#worker = new Worker(workerUrl, {
      workerData: { dataDir },
      // The thread's JavaScript objects are few and short-lived (requests and results on their
      // way): a young generation of 4 MB, where V8 would let it grow to 16 MB and more, keeps
      // about 15 MB less resident (docs/decisions/006-embedded-database-memory.md).
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    });
    this.waitReady = new Promise((resolve, reject) => {
      this.#pending.set(0, { resolve: () => resolve(), reject });
      this.#worker.once('error', reject);
    });
    this.#worker.on('message', (message: PgliteResponse | PgliteNotification) => {
      if ('notification' in message) {
        const { channel, payload } = message.notification;
        for (const listener of this.#listeners.get(channel) ?? []) listener(payload);
        return;
      }
      const waiting = this.#pending.get(message.id);
      if (!waiting) return;
      this.#pending.delete(message.id);
      if (message.ok) waiting.resolve(message.result);
      else waiting.reject(Object.assign(new Error(message.error.message), { code: message.error.code }));
    });
    this.#worker.on('error', (error) => {
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    });
  }

  get closed() {
    return this.#closed;
  }

  #send<T>(request: Omit<PgliteRequest, 'id'>): Promise<T> {
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #queryable(txId?: number): Queryable {
    return {
      query: <T>(sql: string, params: unknown[] = [], options: QueryOptions = {}) =>
        this.#send<Results<T>>({
          type: 'query',
          sql,
          params,
          rowMode: options.rowMode,
          textParsers: options.parsers !== undefined,
          txId,
        }),
      exec: (sql: string) => this.#send<Results[]>({ type: 'exec', sql, txId }),
    };
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.#queryable().query<T>(sql, params, options);
  }

  exec(sql: string) {
    return this.#queryable().exec(sql);
  }

  /** Calls the listener for each NOTIFY on the channel; resolves once the thread listens. */
  async listen(channel: string, listener: (payload: string) => void): Promise<() => void> {
    let listeners = this.#listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.#listeners.set(channel, listeners);
      await this.#send({ type: 'listen', sql: channel });
    }
    listeners.add(listener);
    return () => listeners.delete(listener);
  }

  /** A consistent copy of the database's files, gzipped (see pglite-dump.ts). */
  dump(): Promise<Uint8Array> {
    return this.#send<Uint8Array>({ type: 'dump' });
  }

  async transaction<T>(callback: (tx: Queryable) => Promise<T>): Promise<T> {
    const txId = this.#nextId;
    await this.#send({ type: 'begin' });
    let result: T;
    try {
      result = await callback(this.#queryable(txId));
    } catch (error) {
      await this.#send({ type: 'end', txId, commit: false });
      throw error;
    }
    await this.#send({ type: 'end', txId, commit: true });
    return result;
  }

  async close() {
    if (this.#closed) return;
    this.#closed = true;
    await this.#send({ type: 'close' });
    await this.#worker.terminate();
  }
}
