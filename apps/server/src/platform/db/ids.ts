const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can be compared with a `uuid` column: anything else would make PostgreSQL fail the
 * statement (a 500), so an id of another shape names nothing (a 404) instead.
 */
export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
