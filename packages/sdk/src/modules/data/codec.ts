/**
 * Dates inside data items and filters travel as `{"$date": "<ISO>"}` (platform.md), so the server can tell a
 * date from a string that looks like one and store a real timestamp.
 */

/** A copy of `value` with every valid `Date` (at any depth) replaced by `{"$date": "<ISO>"}`. */
export function encodeDates(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : { $date: value.toISOString() };
  if (Array.isArray(value)) return value.map(encodeDates);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    if (child !== undefined) copy[key] = encodeDates(child);
  }
  return copy;
}

function isDateLiteral(value: unknown): value is { $date: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === '$date' && typeof (value as { $date: unknown }).$date === 'string';
}

/** The answer with every `{"$date": "<ISO>"}` (at any depth) turned into a `Date`, in place. */
export function decodeDates<T>(value: T): T {
  if (isDateLiteral(value)) {
    const date = new Date(value.$date);
    return (Number.isNaN(date.getTime()) ? value : date) as T;
  }
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) value[index] = decodeDates(value[index]);
    return value;
  }
  if (typeof value !== 'object' || value === null) return value;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) record[key] = decodeDates(record[key]);
  return value;
}
