import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * PostgreSQL settings of the embedded database, on disk and in memory, given at every start:
 * they override the data directory's postgresql.conf, so they hold for a directory made before
 * them too.
 *
 * shared_buffers: PGlite allocates PostgreSQL's shared memory inside its WebAssembly memory and
 * zero-fills it, so all of it is resident from the start, and WebAssembly memory never shrinks.
 * initdb sets 128 MB (145 MB of shared memory with what is sized from it, such as wal_buffers);
 * 16 MB makes 24 MB, about 125 MB less resident. The site's data is a few megabytes; a block
 * that is not in the buffers is read from the operating system's file cache, which costs a
 * write-heavy load that outgrows the buffers (the enquiry bench) about a quarter of its
 * throughput (docs/decisions/006-embedded-database-memory.md).
 */
export const pgliteStartParams: string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * The PostgreSQL extensions the migrations create (pg_trgm: the trigram indexes of the enquiry
 * search). PGlite loads an extension's files only when it is given at start, so every instance
 * that opens the database, in this thread or the database's own, is started with these.
 */
export const pgliteExtensions = { pg_trgm };
