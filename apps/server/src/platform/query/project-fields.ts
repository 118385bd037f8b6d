/**
 * The `fields` projection, applied to the wire entity (after the repository mapped the row), so it speaks
 * wire names. `id` and `_id` always stay: clients need them to address what they got.
 * @example projectFields({ id: '1', name: 'Yoga', price: { amount: '10' } }, ['price.amount']) // { id: '1', price: { amount: '10' } }
 */
export function projectFields<T extends Record<string, unknown>>(
  entity: T,
  fields: readonly string[] | undefined,
): Partial<T> {
  if (!fields || fields.length === 0) return entity;
  const out: Record<string, unknown> = {};
  for (const key of ['id', '_id']) if (key in entity) out[key] = entity[key];
  for (const field of fields) copyPath(entity, out, field.split('.'));
  return out as Partial<T>;
}

function copyPath(source: Record<string, unknown>, target: Record<string, unknown>, path: string[]): void {
  const [head, ...rest] = path;
  if (head === undefined || !Object.prototype.hasOwnProperty.call(source, head)) return;
  const value = source[head];
  if (rest.length === 0) {
    target[head] = value;
    return;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const existing = target[head];
  const child =
    typeof existing === 'object' && existing !== null && !Array.isArray(existing)
      ? (existing as Record<string, unknown>)
      : {};
  target[head] = child;
  copyPath(value as Record<string, unknown>, child, rest);
}
