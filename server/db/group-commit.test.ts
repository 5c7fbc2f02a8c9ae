import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit.ts';

type Item = { client: string; value: number };

/** A store whose statements end when the test says, recording what each one wrote. */
function controlledStore(fail: (batch: Item[]) => boolean = () => false) {
  const statements: Item[][] = [];
  const running: (() => void)[] = [];
  const store = (batch: Item[]) => {
    statements.push(batch);
    return new Promise<number[]>((resolve, reject) => {
      running.push(() =>
        fail(batch) ? reject(new Error('bad item')) : resolve(batch.map((item) => item.value * 10)),
      );
    });
  };
  /** Ends the oldest running statement and lets everything that follows from it run. */
  const finish = async () => {
    running.shift()!();
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { store, statements, finish };
}

const values = (batch: Item[]) => batch.map((item) => item.value);

describe('GroupCommit', () => {
  it('writes an item at once, and those that arrive meanwhile together in the next statement', async () => {
    const { store, statements, finish } = controlledStore();
    const writer = new GroupCommit(store, (item: Item) => item.client);
    const first = writer.add({ client: 'a', value: 1 });
    const later = [2, 3, 4].map((value) => writer.add({ client: `c${value}`, value }));
    expect(statements.map(values)).toEqual([[1]]);
    await finish();
    expect(await first).toBe(10);
    expect(statements.map(values)).toEqual([[1], [2, 3, 4]]);
    await finish();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
  });

  it("puts at most one item of a key in a statement, so the next sees the first one's count", async () => {
    const { store, statements, finish } = controlledStore();
    const writer = new GroupCommit(store, (item: Item) => item.client);
    const answers = [
      writer.add({ client: 'a', value: 1 }),
      writer.add({ client: 'a', value: 2 }),
      writer.add({ client: 'b', value: 3 }),
      writer.add({ client: 'a', value: 4 }),
    ];
    await finish();
    await finish();
    await finish();
    expect(statements.map(values)).toEqual([[1], [2, 3], [4]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });

  it('puts no two items sharing any of their keys in a statement', async () => {
    const { store, statements, finish } = controlledStore();
    const writer = new GroupCommit(store, (item: Item) => item.client.split(' '));
    const answers = [
      writer.add({ client: 'start', value: 0 }),
      writer.add({ client: 'a x', value: 1 }),
      writer.add({ client: 'b x', value: 2 }),
      writer.add({ client: 'c y', value: 3 }),
      writer.add({ client: 'a z', value: 4 }),
    ];
    await finish();
    await finish();
    await finish();
    expect(statements.map(values)).toEqual([[0], [1, 3], [2, 4]]);
    expect(await Promise.all(answers)).toEqual([0, 10, 20, 30, 40]);
  });

  it('holds at most the largest batch it is given', async () => {
    const { store, statements, finish } = controlledStore();
    const writer = new GroupCommit(store, (item: Item) => item.client, 2);
    const answers = [1, 2, 3, 4, 5].map((value) => writer.add({ client: `c${value}`, value }));
    for (let statement = 0; statement < 3; statement += 1) await finish();
    expect(statements.map(values)).toEqual([[1], [2, 3], [4, 5]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50]);
  });

  it('sends the next statement before answering the items of the one that ended', async () => {
    const { store, statements, finish } = controlledStore();
    const writer = new GroupCommit(store, (item: Item) => item.client);
    const events: string[] = [];
    void writer
      .add({ client: 'a', value: 1 })
      .then(() => events.push(`answered 1 after ${statements.length} statements`));
    void writer.add({ client: 'b', value: 2 });
    await finish();
    expect(events).toEqual(['answered 1 after 2 statements']);
  });

  it('tries the items of a failed statement one by one, before those that arrived since', async () => {
    const { store, statements, finish } = controlledStore((batch) => batch.some((item) => item.value === 3));
    const writer = new GroupCommit(store, (item: Item) => item.client);
    const first = writer.add({ client: 'a', value: 1 });
    const batch = Promise.allSettled([2, 3, 4].map((value) => writer.add({ client: `c${value}`, value })));
    await finish();
    const latecomer = writer.add({ client: 'late', value: 5 });
    await finish(); // 2, 3 and 4 together: fails
    await finish(); // 2 alone
    await finish(); // 3 alone: fails
    await finish(); // 4 alone
    await finish(); // 5
    expect(statements.map(values)).toEqual([[1], [2, 3, 4], [2], [3], [4], [5]]);
    expect(await first).toBe(10);
    const settled = await batch;
    expect(settled.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await latecomer).toBe(50);
  });

  it('fails a whole batch at once when the database cannot be reached, and writes the next batch when it can', async () => {
    let reachable = false;
    const statements: number[][] = [];
    const writer = new GroupCommit(
      async (batch: Item[]) => {
        statements.push(values(batch));
        if (!reachable) throw new Error('Connection terminated unexpectedly');
        return batch.map((item) => item.value * 10);
      },
      (item: Item) => item.client,
    );
    const first = writer.add({ client: 'a', value: 1 });
    const batch = Promise.allSettled([2, 3].map((value) => writer.add({ client: `c${value}`, value })));
    await expect(first).rejects.toThrow('Connection terminated unexpectedly');
    expect((await batch).map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(statements).toEqual([[1], [2, 3]]);
    reachable = true;
    expect(await writer.add({ client: 'a', value: 4 })).toBe(40);
  });
});
