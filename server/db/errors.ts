/** PostgreSQL's unique_violation, as both drivers report it (possibly wrapped by the ORM as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause) {
    if ((current as Error & { code?: string }).code === '23505') return true;
  }
  return false;
}
