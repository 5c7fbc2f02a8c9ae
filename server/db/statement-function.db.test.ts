import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '#tests/support/database.ts';
import { selectRows, type DatabaseHandle } from './client.ts';
import { statementFunction } from './statement-function.ts';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const functionsNamed = async (prefix: string) =>
  (
    await selectRows<{ proname: string }>(
      database.db,
      sql`select proname from pg_proc where proname like ${`${prefix}%`} order by proname`,
    )
  ).map((row) => row.proname);

/** The database's own message of a failed run (the query builder wraps it). */
async function failureOf(run: Promise<unknown>): Promise<string> {
  const error = (await run.then(
    () => new Error('the statement did not fail'),
    (failure: unknown) => failure,
  )) as Error & { cause?: Error };
  return error.cause?.message ?? error.message;
}

describe('statementFunction', () => {
  it('runs the statement with its parameter, made once per database however many ask at once', async () => {
    const doubled = statementFunction<{ n: number; twice: number }>({
      name: 'test_doubled',
      parameter: 'numbers jsonb',
      columns: 'n int, twice int',
      body: sql`select value::int as n, value::int * 2 as twice
        from jsonb_array_elements_text(numbers) as value order by 1`,
    });
    const answers = await Promise.all(
      [[1, 2], [3], []].map((numbers) => doubled.run(database.db, sql`${JSON.stringify(numbers)}::jsonb`)),
    );
    expect(answers).toEqual([
      [
        { n: 1, twice: 2 },
        { n: 2, twice: 4 },
      ],
      [{ n: 3, twice: 6 }],
      [],
    ]);
    expect(await functionsNamed('test_doubled')).toEqual([doubled.name]);
  });

  it('names another version of the statement apart, so servers of two versions never run each other’s', async () => {
    const make = (factor: number) =>
      statementFunction<{ n: number }>({
        name: 'test_scaled',
        parameter: 'numbers jsonb',
        columns: 'n int',
        body: sql.raw(`select value::int * ${factor} as n from jsonb_array_elements_text(numbers) as value`),
      });
    const [old, current] = [make(2), make(3)];
    expect(current.name).not.toBe(old.name);
    expect(await old.run(database.db, sql`'[5]'::jsonb`)).toEqual([{ n: 10 }]);
    expect(await current.run(database.db, sql`'[5]'::jsonb`)).toEqual([{ n: 15 }]);
    // A second server of the same version finds the function there and uses it.
    expect(await make(3).run(database.db, sql`'[1]'::jsonb`)).toEqual([{ n: 3 }]);
    expect(await functionsNamed('test_scaled')).toEqual([old.name, current.name].sort());
  });

  it('runs a block of statements as one call, answering with its own query', async () => {
    await database.db.execute(sql`create table if not exists test_block_counts (n int)`);
    const counted = statementFunction<{ n: number; total: number }>({
      name: 'test_counted',
      parameter: 'numbers jsonb',
      columns: 'n int, total int',
      block: sql`begin
        insert into test_block_counts select value::int from jsonb_array_elements_text(numbers) as value;
        return query select value::int as n, (select sum(c.n)::int from test_block_counts c) as total
          from jsonb_array_elements_text(numbers) as value order by 1;
      end`,
    });
    expect(await counted.run(database.db, sql`'[2, 1]'::jsonb`)).toEqual([
      { n: 1, total: 3 },
      { n: 2, total: 3 },
    ]);
    expect(await counted.run(database.db, sql`'[4]'::jsonb`)).toEqual([{ n: 4, total: 7 }]);
  });

  it('refuses a statement that holds values of its own', () => {
    expect(() =>
      statementFunction({
        name: 'test_values',
        parameter: 'numbers jsonb',
        columns: 'n int',
        body: sql`select ${42}::int as n`,
      }),
    ).toThrow(/holds values/);
  });

  it('passes the statement’s errors on', async () => {
    const failing = statementFunction<{ n: number }>({
      name: 'test_failing',
      parameter: 'numbers jsonb',
      columns: 'n int',
      body: sql`select (numbers ->> 0)::int / 0 as n`,
    });
    expect(await failureOf(failing.run(database.db, sql`'[1]'::jsonb`))).toMatch(/division by zero/);
    const unknownTable = statementFunction<{ n: number }>({
      name: 'test_unknown',
      parameter: 'numbers jsonb',
      columns: 'n int',
      body: sql`select n from no_such_table`,
    });
    // plpgsql checks a statement's tables when it first runs it: the function is made, then fails.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expect(await failureOf(unknownTable.run(database.db, sql`'[]'::jsonb`))).toMatch(/no_such_table/);
    }
  });
});
