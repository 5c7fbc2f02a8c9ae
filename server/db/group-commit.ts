import { isDatabaseUnreachable } from './unreachable.ts';

/**
 * Group commit: while a statement is running, the items that arrive wait and are then written
 * together by the next one. Under load a statement writes tens of items for little more than the
 * cost of one (the embedded database spends most of a statement's time on its fixed costs:
 * protocol round trips, planning, the commit), so the queue drains instead of growing; alone, an
 * item is written at once.
 */
type Waiting<Item, Result> = {
  item: Item;
  resolve(result: Result): void;
  reject(error: unknown): void;
  /** Written in a statement of its own (its batch failed). */
  alone?: boolean;
};

export class GroupCommit<Item, Result> {
  readonly #store: (batch: Item[]) => Promise<Result[]>;
  readonly #keyOf: (item: Item) => string | readonly string[];
  readonly #maxBatch: number;
  #waiting: Waiting<Item, Result>[] = [];
  #writing = false;

  /**
   * `store` writes a batch in one statement and answers each item's result in the batch's order.
   * A batch holds at most one item of each key `keyOf` gives (a statement counts a rate-limit
   * counter once, so a client's second item goes in the next statement and sees the first one's
   * count, as it would have alone; an item with several keys shares none of them) and at most
   * `maxBatch` items.
   */
  constructor(
    store: (batch: Item[]) => Promise<Result[]>,
    keyOf: (item: Item) => string | readonly string[],
    maxBatch = 100,
  ) {
    this.#store = store;
    this.#keyOf = keyOf;
    this.#maxBatch = maxBatch;
  }

  add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      this.#waiting.push({ item, resolve, reject });
      this.#writeNext();
    });
  }

  /** Writes the next batch, unless a statement is running (its end writes the next). */
  #writeNext() {
    if (this.#writing || this.#waiting.length === 0) return;
    this.#writing = true;
    void this.#write(this.#nextBatch());
  }

  /** The oldest waiting items, at most one per key; or the oldest alone, if it must be. */
  #nextBatch() {
    const [oldest] = this.#waiting;
    if (oldest?.alone) {
      this.#waiting = this.#waiting.slice(1);
      return [oldest];
    }
    const batch: Waiting<Item, Result>[] = [];
    const later: Waiting<Item, Result>[] = [];
    const keys = new Set<string>();
    for (const waiting of this.#waiting) {
      const itemKeys = [this.#keyOf(waiting.item)].flat();
      if (!waiting.alone && batch.length < this.#maxBatch && !itemKeys.some((key) => keys.has(key))) {
        for (const key of itemKeys) keys.add(key);
        batch.push(waiting);
      } else {
        later.push(waiting);
      }
    }
    this.#waiting = later;
    return batch;
  }

  /**
   * Never throws: each item is settled with its own result or error. The next batch is sent
   * before this one's callers are answered: they go on to write their responses, which keeps
   * this thread busy for a while, and the database works on the next statement meanwhile.
   */
  async #write(batch: Waiting<Item, Result>[]) {
    let results: Result[];
    try {
      results = await this.#store(batch.map((waiting) => waiting.item));
    } catch (error) {
      // Alone, or without a database to write to (each item alone would wait as long, one after
      // the other, and fail the same way): every item of the batch has the statement's error.
      if (batch.length === 1 || isDatabaseUnreachable(error)) {
        this.#writing = false;
        this.#writeNext();
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // The statement wrote nothing. One bad item must not cost the others theirs: each is
      // tried again on its own, before anything that arrived since.
      this.#waiting.unshift(...batch.map((waiting) => ({ ...waiting, alone: true })));
      this.#writing = false;
      this.#writeNext();
      return;
    }
    this.#writing = false;
    this.#writeNext();
    batch.forEach((waiting, index) => waiting.resolve(results[index]!));
  }
}
