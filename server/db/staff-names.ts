import { sql } from 'drizzle-orm';
import { users } from './accounts-schema.ts';

/**
 * How staff screens name an account, in SQL (common/accounts/staff-names.ts's staffName): its
 * display name, else its username. For a select that joins `users`.
 */
export const staffNameSql = sql<string>`coalesce(${users.displayName}, ${users.username})`;
