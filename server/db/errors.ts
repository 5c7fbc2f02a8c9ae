/** Whether PostgreSQL refused with this SQLSTATE, as both drivers report it (possibly wrapped by the ORM as the cause). */
export function hasSqlState(error: unknown, code: string): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === code) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation. */
export const isUniqueViolation = (error: unknown): boolean => hasSqlState(error, '23505');
