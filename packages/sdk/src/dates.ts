/**
 * Response fields that hold dates. A string under one of these keys, in ISO-8601 form, becomes a `Date`;
 * every other string is left alone. Modules extend this list as their entities land; a module whose
 * payload holds user-named keys (data items) passes its own list per request.
 */
export const dateFields = [
  'createdDate',
  'updatedDate',
  'startDate',
  'endDate',
  'expirationDate',
  'expiresDate',
  'purchasedDate',
  'paidDate',
  'canceledDate',
  'lastLoginDate',
  'lastEditedDate',
  'submittedDate',
  'dueDate',
  'sentDate',
] as const;

export type DateField = (typeof dateFields)[number];

/** The response type as the SDK hands it over: the known date fields are `Date` objects. */
export type WithDates<T> = T extends Date | string | number | boolean | bigint | null | undefined
  ? T
  : T extends ReadonlyArray<infer U>
    ? Array<WithDates<U>>
    : { [K in keyof T]: K extends DateField ? DateOf<T[K]> : WithDates<T[K]> };

type DateOf<V> = V extends string ? Date : V extends object ? WithDates<V> : V;

/** A request type that also accepts `Date` objects where the wire wants an ISO string. */
export type DateInput<T> = T extends Date | number | boolean | bigint | null | undefined
  ? T
  : T extends string
    ? T
    : T extends ReadonlyArray<infer U>
      ? Array<DateInput<U>>
      : { [K in keyof T]: K extends DateField ? DateInputOf<T[K]> : DateInput<T[K]> };

type DateInputOf<V> = V extends string ? V | Date : V extends object ? DateInput<V> : V;

const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Turns the listed fields of a parsed JSON response into `Date` objects, recursively and in place. */
export function reviveDates<T>(value: T, fields: ReadonlySet<string>): WithDates<T> {
  walk(value, fields);
  return value as WithDates<T>;
}

function walk(value: unknown, fields: ReadonlySet<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, fields);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const child = record[key];
    if (typeof child === 'string') {
      if (fields.has(key) && isoDateTime.test(child)) {
        const date = new Date(child);
        if (!Number.isNaN(date.getTime())) record[key] = date;
      }
    } else {
      walk(child, fields);
    }
  }
}

/** A copy of a request value with every `Date` as its ISO string, ready for JSON or a query string. */
export function serializeDates(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(serializeDates);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) copy[key] = serializeDates(child);
  return copy;
}
