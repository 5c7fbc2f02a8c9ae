import type { Database } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import type { PageView } from './page-view.ts';
import { recordPageViews } from './service.ts';

export type PageViewRecorder = {
  /** Queues a view; it is stored within `flushMs`, or at once when a batch is full. */
  add(view: PageView): void;
  /** Stores everything queued so far. */
  flush(): Promise<void>;
  /** Stores what is queued and stops. */
  stop(): Promise<void>;
  /** Calls `listener` after each batch is stored (figures read before it are out of date). */
  onStored(listener: () => void): void;
};

const maxBatch = 500;

/**
 * Page views are written in batches: a visitor's request never waits for the database, and a
 * burst of views costs one statement per batch instead of one per view. At worst the views of
 * the last `flushMs` are lost if the process dies without shutting down, which is acceptable
 * for visitor counts (never for enquiries).
 */
export function createPageViewRecorder({
  db,
  logger,
  flushMs = 200,
}: {
  db: Database;
  logger: Logger;
  flushMs?: number;
}): PageViewRecorder {
  let queue: PageView[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  const listeners: (() => void)[] = [];

  function flush(): Promise<void> {
    clearTimeout(timer);
    timer = undefined;
    const batch = queue;
    queue = [];
    // One batch at a time, in order.
    writing = writing.then(async () => {
      if (batch.length === 0) return;
      try {
        await recordPageViews(db, batch);
        for (const listener of listeners) listener();
      } catch (error) {
        logger.error({ err: error, views: batch.length }, 'page views could not be stored');
      }
    });
    return writing;
  }

  return {
    add(view) {
      queue.push(view);
      if (queue.length >= maxBatch) void flush();
      else timer ??= setTimeout(() => void flush(), flushMs).unref();
    },
    flush,
    stop: flush,
    onStored(listener) {
      listeners.push(listener);
    },
  };
}
