import { isDeepStrictEqual } from 'node:util';
import type { DataField, FieldModification } from '@atrium/contract/data';
import type { FieldViolation } from '@atrium/contract/errors';
import { normalizePatchValue, systemFields } from './item-values.ts';
import { isPlainObject } from './value-checks.ts';

type Doc = Record<string, unknown>;

/** The parent object of a path, created on the way when `create` (SET_FIELD, APPEND_TO_ARRAY do that). */
function parentOf(doc: Doc, path: string[], create: boolean): Doc | undefined {
  let current: Doc = doc;
  for (const key of path.slice(0, -1)) {
    const next = current[key];
    if (isPlainObject(next) && !('$date' in next)) {
      current = next;
      continue;
    }
    if (!create || (next !== undefined && next !== null)) return undefined;
    const created: Doc = {};
    current[key] = created;
    current = created;
  }
  return current;
}

/**
 * Applies a patch's modifications, in order, to a copy of the item's document. A modification that cannot
 * apply (incrementing text, appending to a non-array, a system field) is a violation naming it; the caller
 * writes nothing then.
 */
export function applyModifications(
  data: Doc,
  modifications: readonly FieldModification[],
  fields: readonly DataField[],
  prefix: string,
): { data: Doc; violations: FieldViolation[] } {
  const doc = structuredClone(data);
  const violations: FieldViolation[] = [];
  modifications.forEach((modification, index) => {
    const at = `${prefix}[${index}]`;
    const fail = (description: string) =>
      violations.push({ field: `${at}.fieldPath`, description, violatedRule: 'VALIDATION' });
    const path = modification.fieldPath.split('.');
    const last = path[path.length - 1]!;
    if (path.some((key) => key.length === 0 || key.startsWith('$'))) {
      fail(`${modification.fieldPath} is not a valid field path`);
      return;
    }
    if ((systemFields as readonly string[]).includes(path[0]!)) {
      fail(`${path[0]} is a system field and cannot be patched`);
      return;
    }
    const declared = fields.find((field) => field.key === path[0]);
    if (declared?.type === 'MULTI_REFERENCE') {
      fail(`${path[0]} is a MULTI_REFERENCE field: change it with the reference calls`);
      return;
    }
    // The declared type applies to what SET_FIELD puts in a top-level field; array actions move one element.
    const normalize = (value: unknown, name: string) => {
      const typed = path.length === 1 && modification.action === 'SET_FIELD';
      const result = normalizePatchValue(
        value,
        modification.fieldPath,
        typed ? fields : [],
        `${at}.${name}.value`,
      );
      violations.push(
        ...result.violations.map((violation) => ({ ...violation, field: `${at}.${name}.value` })),
      );
      return result.value;
    };
    switch (modification.action) {
      case 'SET_FIELD': {
        const value = normalize(modification.setFieldOptions?.value ?? null, 'setFieldOptions');
        const parent = parentOf(doc, path, true);
        if (!parent) return fail(`${modification.fieldPath} passes through a value that is not an object`);
        parent[last] = value;
        return;
      }
      case 'REMOVE_FIELD': {
        const parent = parentOf(doc, path, false);
        if (parent) delete parent[last];
        return;
      }
      case 'INCREMENT_FIELD': {
        const by = modification.incrementFieldOptions?.value;
        if (typeof by !== 'number' || !Number.isFinite(by)) {
          violations.push({
            field: `${at}.incrementFieldOptions.value`,
            description: 'must be a number',
            violatedRule: 'VALIDATION',
          });
          return;
        }
        const parent = parentOf(doc, path, true);
        if (!parent) return fail(`${modification.fieldPath} passes through a value that is not an object`);
        const current = parent[last];
        if (current !== undefined && current !== null && typeof current !== 'number') {
          return fail(`${modification.fieldPath} holds ${typeof current}, not a number`);
        }
        const result = ((current as number | null | undefined) ?? 0) + by;
        if (!Number.isFinite(result)) return fail(`${modification.fieldPath} would overflow`);
        parent[last] = result;
        return;
      }
      case 'APPEND_TO_ARRAY': {
        const value = normalize(modification.appendToArrayOptions?.value ?? null, 'appendToArrayOptions');
        const parent = parentOf(doc, path, true);
        if (!parent) return fail(`${modification.fieldPath} passes through a value that is not an object`);
        const current = parent[last];
        if (current === undefined || current === null) parent[last] = [value];
        else if (Array.isArray(current)) current.push(value);
        else fail(`${modification.fieldPath} is not an array`);
        return;
      }
      case 'REMOVE_FROM_ARRAY': {
        const value = normalize(modification.removeFromArrayOptions?.value ?? null, 'removeFromArrayOptions');
        const parent = parentOf(doc, path, false);
        const current = parent?.[last];
        if (current === undefined || current === null) return;
        if (!Array.isArray(current)) return fail(`${modification.fieldPath} is not an array`);
        parent![last] = current.filter((item) => !isDeepStrictEqual(item, value));
        return;
      }
    }
  });
  return { data: doc, violations };
}
