/** The staff account the journeys' server creates at start-up (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const staffAccount = { username: 'e2e-manager', password: 'green-wheels-on-the-a127' } as const;
