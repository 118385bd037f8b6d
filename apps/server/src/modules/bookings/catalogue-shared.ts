import { invalidField, staleRevision } from '../../platform/errors/app-error.ts';
import { isPlainObject } from '../../platform/query/parse-filter.ts';

export function iso(date: Date): string {
  return date.toISOString();
}

export { isPlainObject };

/** Merge-patch: objects merge key by key, anything else (arrays, scalars, null) replaces. */
export function deepMerge(
  target: Record<string, unknown>,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    const current = out[key];
    out[key] = isPlainObject(value) && isPlainObject(current) ? deepMerge(current, value) : value;
  }
  return out;
}

function getPath(source: Record<string, unknown>, path: readonly string[]): unknown {
  let current: unknown = source;
  for (const key of path) {
    if (!isPlainObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let current = target;
  for (const key of path.slice(0, -1)) {
    const next = current[key];
    const copy = isPlainObject(next) ? { ...next } : {};
    current[key] = copy;
    current = copy;
  }
  const last = path[path.length - 1]!;
  if (value === undefined) delete current[last];
  else current[last] = value;
}

/**
 * Applies an update: with a field mask, exactly the masked paths are copied from the patch (a path absent
 * from the patch is cleared); without one, the fields given are merged (platform.md, PATCH).
 */
export function applyUpdate(
  current: Record<string, unknown>,
  patch: Record<string, unknown>,
  mask: readonly string[] | undefined,
  options: { updatable: readonly string[]; maskField: string },
): Record<string, unknown> {
  const editable = Object.fromEntries(
    Object.entries(patch).filter(([key]) => options.updatable.includes(key)),
  );
  if (!mask || mask.length === 0) return deepMerge(current, editable);
  const next: Record<string, unknown> = structuredClone(current);
  for (const path of mask) {
    const parts = path.split('.');
    if (!options.updatable.includes(parts[0]!)) {
      throw invalidField(options.maskField, `cannot update ${path}`, 'FIELD_NOT_ALLOWED');
    }
    setPath(next, parts, structuredClone(getPath(editable, parts)));
  }
  return next;
}

/** The revision the caller based the change on; absent means "the current one". */
export function expectedRevision(given: string | null | undefined, current: number): number {
  return given === undefined || given === null ? current : Number(given);
}

export function assertRevision(
  entity: string,
  id: string,
  given: string | null | undefined,
  current: number,
): void {
  const expected = expectedRevision(given, current);
  if (expected !== current) throw staleRevision(entity, id, expected, current);
}

export function withoutNullish<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, item]) => item !== undefined && item !== null),
  ) as T;
}

/**
 * A stored price structure (a service's `payment`) with every amount's currency the site's: prices are entered
 * in the site's currency, and once the owner changes it they read in the new one, as on the official platform,
 * not in the currency of the day they were entered (a site switched to EUR showed "$60").
 */
export function inSiteCurrency<T>(value: T, currency: string): T {
  if (Array.isArray(value)) return value.map((item: unknown) => inSiteCurrency(item, currency)) as T;
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === 'currency' && typeof inner === 'string' ? currency : inSiteCurrency(inner, currency),
    ]),
  ) as T;
}
