// Prepares a journey site's database before the site starts (tests/e2e/journey-database.ts):
// migrated, and holding the journeys' staff account, an owner, whose password is hashed at the
// test suite's low cost (NODE_ENV=test), so that each of the journeys' many sign-ins takes a
// millisecond rather than the third of a second of the production cost.
//
//   NODE_ENV=test node --import tsx tests/e2e/prepare-journey-database.ts <data directory | postgres:// address>
import { addStaffAccount } from '#server/auth/initial-admin.ts';
import { lowerPasswordCostForTests } from '#server/auth/passwords.ts';
import { openDatabase } from '#server/db/client.ts';
import { staffAccount } from './staff-account.ts';

const target = process.argv[2];
if (!target) throw new Error('Name the data directory or the database address to prepare');
lowerPasswordCostForTests();
const database = await openDatabase(
  /^postgres(ql)?:\/\//.test(target) ? { databaseUrl: target, poolMax: 1 } : { dataDir: target },
);
try {
  await database.migrate();
  await addStaffAccount(database.db, staffAccount, { onlyIfFirst: false });
} finally {
  await database.close();
}
