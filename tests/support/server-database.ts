import crypto from 'node:crypto';
import pg from 'pg';

/**
 * Databases of their own on the PostgreSQL server, for Vitest's tests and the browser journeys
 * alike (nothing here depends on either runner).
 */

/** Runs one statement on the PostgreSQL server or database at `url`, on a connection of its own. */
export async function queryOnce<Row>(url: string, statement: string): Promise<Row[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement)).rows as Row[];
  } finally {
    await client.end();
  }
}

/**
 * A new, empty database named `<prefix>_<random>` (a copy of the database `template` if given) on the PostgreSQL server at `serverUrl`: its
 * address, and `drop`, which removes it even while connections to it remain.
 */
export async function createServerDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${crypto.randomBytes(6).toString('hex')}`;
  await queryOnce(serverUrl, `create database "${name}"${template ? ` template "${template}"` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await queryOnce(serverUrl, `drop database if exists "${name}" with (force)`);
    },
  };
}
