/** The journeys' staff account, an owner, in their sites' databases from the start (journey-database.ts). */
export const staffAccount = { username: 'e2e-manager', password: 'green-wheels-on-the-a127' } as const;
