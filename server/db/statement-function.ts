import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { keptFor } from '#common/util/kept-for.ts';
import { selectRows, type Database } from './client.ts';

const dialect = new PgDialect();

/**
 * A statement kept in the database as a function, so that the database parses and plans it once
 * per connection instead of at every call: for a long statement run many times a second (a
 * batch of bookings), planning is a good part of its cost. The function is made from the
 * statement's own text the first time a database is asked to run it, under a name that carries
 * a hash of that text, so servers of two versions never run each other's.
 *
 * `body` is the statement, with `parameter`'s name standing for the one value it takes; it must
 * hold no other values (everything else is the statement's text). `columns` are its result's.
 * Work that needs more than one statement gives a `block` instead (`declare ... begin ... end`,
 * answering with `return query`): one call runs it whole, as one statement, in one round trip.
 */
export function statementFunction<Row>({
  name,
  parameter,
  columns,
  ...statement
}: {
  name: string;
  /** The function's parameter, such as `batch jsonb`. */
  parameter: string;
  /** The result's columns, such as `ord int, reference text`. */
  columns: string;
} & ({ body: SQL } | { block: SQL })) {
  const query = dialect.sqlToQuery('body' in statement ? statement.body : statement.block);
  if (query.params.length > 0)
    throw new Error(`The statement of ${name} holds values: pass them as its parameter`);
  const definition = [
    `(${parameter}) returns table (${columns}) language plpgsql volatile as $statement$`,
    // The result's columns are named like the statement's own: inside it, a name is a column.
    '#variable_conflict use_column',
    'body' in statement ? `begin return query ${query.sql}; end $statement$` : `${query.sql} $statement$`,
  ].join('\n');
  const fullName = `${name}_${crypto.createHash('sha256').update(definition).digest('hex').slice(0, 12)}`;
  const created = new WeakMap<Database, Promise<void>>();

  /** Makes the function unless it is there; servers starting together wait for one another. */
  const create = (db: Database) => {
    const done = db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${fullName}))`);
      const [found] = await selectRows<{ exists: boolean }>(
        tx,
        sql`select to_regproc(${fullName}) is not null as exists`,
      );
      if (!found?.exists) await tx.execute(sql.raw(`create function ${fullName}${definition}`));
    });
    done.catch(() => created.delete(db));
    return done;
  };

  return {
    name: fullName,
    /** Runs the statement with `argument` for its parameter and answers its rows. */
    async run(db: Database, argument: SQL): Promise<Row[]> {
      await keptFor(created, db, create);
      return selectRows<Row>(db, sql`select * from ${sql.identifier(fullName)}(${argument})`);
    },
  };
}
