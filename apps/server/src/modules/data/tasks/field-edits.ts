/** EDIT_FIELD_DATA's array operations on one value; undefined when the value is not an array (left as it is). */
export function editArray(
  value: unknown,
  operations: {
    addItems?: unknown[] | null;
    removeItems?: unknown[] | null;
    replaceItems?: Array<{ from?: unknown; to?: unknown }> | null;
    removeDuplicates?: boolean | null;
  },
): unknown[] | undefined {
  if (value !== undefined && value !== null && !Array.isArray(value)) return undefined;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  let result = [...((value as unknown[] | null | undefined) ?? [])];
  for (const { from, to } of operations.replaceItems ?? [])
    result = result.map((entry) => (same(entry, from) ? to : entry));
  const removed = operations.removeItems ?? [];
  result = result.filter((entry) => !removed.some((item) => same(item, entry)));
  result.push(...(operations.addItems ?? []));
  if (operations.removeDuplicates)
    result = result.filter((entry, index) => result.findIndex((other) => same(other, entry)) === index);
  return result;
}
