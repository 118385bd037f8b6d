import type { DataField, DataFieldType } from '@atrium/contract/data';
import type { FieldViolation } from '@atrium/contract/errors';
import { canonicalDate, checkLink, checkTextSafe, isPlainObject } from './value-checks.ts';

/** The system fields every item carries; clients send them back, the server owns them. */
export const systemFields = ['_id', '_createdDate', '_updatedDate', '_owner'] as const;

const maxDepth = 32;

const stringTypes = new Set<DataFieldType>([
  'TEXT',
  'IMAGE',
  'DOCUMENT',
  'URL',
  'RICH_TEXT',
  'VIDEO',
  'AUDIO',
  'TIME',
  'LANGUAGE',
  'SLUG',
  'EMAIL',
]);
const objectTypes = new Set<DataFieldType>(['OBJECT', 'ADDRESS', 'RICH_CONTENT', 'PAGE_LINK']);
const arrayTypes = new Set<DataFieldType>(['ARRAY', 'ARRAY_DOCUMENT', 'MEDIA_GALLERY']);

interface Walk {
  violations: FieldViolation[];
  prefix: string;
}

function violation(
  walk: Walk,
  path: string,
  description: string,
  rule: FieldViolation['violatedRule'] = 'VALIDATION',
) {
  walk.violations.push({ field: `${walk.prefix}${path}`, description, violatedRule: rule });
}

/**
 * A JSON value made storable: `{"$date": ...}` becomes canonical ISO (so text order is time order and
 * range filters and sorts are right), text is checked for what PostgreSQL cannot hold, and no other key
 * may start with `$` (such a field could never be filtered on, and `$date` objects must stay unambiguous).
 */
function normalizeValue(value: unknown, path: string, walk: Walk, depth: number): unknown {
  if (depth > maxDepth) {
    violation(walk, path, `is nested more than ${maxDepth} levels deep`, 'MAX');
    return value;
  }
  if (typeof value === 'string') {
    const problem = checkTextSafe(value);
    if (problem) violation(walk, path, problem, 'FORMAT');
    return value;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) violation(walk, path, 'must be a finite number');
    return value;
  }
  if (value === null || typeof value === 'boolean') return value;
  if (Array.isArray(value))
    return value.map((item, index) => normalizeValue(item, `${path}[${index}]`, walk, depth + 1));
  if (isPlainObject(value)) {
    if ('$date' in value) {
      const iso =
        Object.keys(value).length === 1 && typeof value.$date === 'string'
          ? canonicalDate(value.$date)
          : undefined;
      if (!iso) {
        violation(walk, path, 'a date must be {"$date": "<ISO-8601 date-time>"} and nothing else', 'FORMAT');
        return value;
      }
      return { $date: iso };
    }
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.startsWith('$')) {
        violation(walk, childPath, 'field names must not start with "$"', 'FORMAT');
        continue;
      }
      if (key.length === 0 || key.length > 200) {
        violation(walk, childPath, 'field names must have 1 to 200 characters', 'FORMAT');
        continue;
      }
      const problem = checkTextSafe(key);
      if (problem) {
        violation(walk, childPath, problem, 'FORMAT');
        continue;
      }
      out[key] = normalizeValue(child, childPath, walk, depth + 1);
    }
    return out;
  }
  violation(walk, path, 'must be a JSON value');
  return value;
}

function isDate(value: unknown): value is { $date: string } {
  return isPlainObject(value) && typeof value.$date === 'string';
}

/** A reference may be given as the id or as the referenced item (the official client sends either). */
export function referenceId(value: unknown): string | undefined {
  if (typeof value === 'string' && value.length > 0) return value;
  if (isPlainObject(value) && typeof value._id === 'string' && value._id.length > 0) return value._id;
  return undefined;
}

/** The declared type decides what a field may hold; `null` clears any field. */
function checkDeclared(field: DataField, value: unknown, walk: Walk): unknown {
  if (value === null) return null;
  const path = field.key;
  const fail = (description: string) => {
    violation(walk, path, description);
    return value;
  };
  const type = field.type;
  if (stringTypes.has(type)) {
    if (typeof value !== 'string') return fail(`must be a string (${type} field)`);
    const linkProblem = checkLink(field, value);
    return linkProblem ? fail(linkProblem) : value;
  }
  if (type === 'NUMBER') return typeof value === 'number' ? value : fail('must be a number (NUMBER field)');
  if (type === 'BOOLEAN')
    return typeof value === 'boolean' ? value : fail('must be true or false (BOOLEAN field)');
  if (type === 'DATETIME') {
    // An ISO string is taken too and stored as a date, so filters and sorts treat it as time.
    if (typeof value === 'string') {
      const iso = canonicalDate(value);
      return iso ? { $date: iso } : fail('must be {"$date": "<ISO-8601>"} (DATETIME field)');
    }
    return isDate(value) ? value : fail('must be {"$date": "<ISO-8601>"} (DATETIME field)');
  }
  if (type === 'DATE') {
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && canonicalDate(value)) return value;
    return isDate(value) ? value : fail('must be "YYYY-MM-DD" or {"$date": "<ISO-8601>"} (DATE field)');
  }
  if (type === 'ARRAY_STRING') {
    return Array.isArray(value) && value.every((item) => typeof item === 'string')
      ? value
      : fail('must be an array of strings (ARRAY_STRING field)');
  }
  if (arrayTypes.has(type)) return Array.isArray(value) ? value : fail(`must be an array (${type} field)`);
  if (objectTypes.has(type))
    return isPlainObject(value) && !isDate(value) ? value : fail(`must be an object (${type} field)`);
  if (type === 'REFERENCE')
    return referenceId(value) ?? fail('must be the id of the referenced item (REFERENCE field)');
  return value;
}

export interface NormalizedItem {
  /** The stored document: no system fields, no multi-reference fields. */
  data: Record<string, unknown>;
  /** MULTI_REFERENCE values given inline, by field key, as referenced ids. */
  multiReferences: Map<string, string[]>;
}

/**
 * Checks and normalizes an item's fields against the collection's schema. Fields the schema does not
 * declare are kept as they are (normalized); system fields are dropped (the server sets them).
 * Returns violations instead of throwing, so bulk calls can report them per item.
 */
export function normalizeItem(
  input: Record<string, unknown>,
  fields: readonly DataField[],
  prefix: string,
): { item: NormalizedItem; violations: FieldViolation[] } {
  const walk: Walk = { violations: [], prefix };
  const declared = new Map(fields.map((field) => [field.key, field]));
  const data: Record<string, unknown> = {};
  const multiReferences = new Map<string, string[]>();
  for (const [key, raw] of Object.entries(input)) {
    if ((systemFields as readonly string[]).includes(key)) continue;
    if (key.startsWith('$') || key.length === 0 || key.length > 200) {
      violation(walk, key, 'field names must have 1 to 200 characters and must not start with "$"', 'FORMAT');
      continue;
    }
    const field = declared.get(key);
    if (field?.type === 'MULTI_REFERENCE') {
      if (raw === null || raw === undefined) continue;
      const ids = Array.isArray(raw) ? raw.map(referenceId) : [undefined];
      if (ids.some((id) => id === undefined)) {
        violation(walk, key, 'must be an array of item ids or items with _id (MULTI_REFERENCE field)');
      } else {
        multiReferences.set(key, ids as string[]);
      }
      continue;
    }
    if (raw === undefined) continue;
    const value = normalizeValue(raw, key, walk, 1);
    data[key] = field ? checkDeclared(field, value, walk) : value;
  }
  return { item: { data, multiReferences }, violations: walk.violations };
}

/** Normalizes one value set by a patch (the field's declared type applies to top-level paths). */
export function normalizePatchValue(
  value: unknown,
  fieldPath: string,
  fields: readonly DataField[],
  prefix: string,
): { value: unknown; violations: FieldViolation[] } {
  const walk: Walk = { violations: [], prefix };
  const normalized = normalizeValue(value, fieldPath, walk, 1);
  const field = fields.find((candidate) => candidate.key === fieldPath);
  const checked = field ? checkDeclared(field, normalized, walk) : normalized;
  return { value: checked, violations: walk.violations };
}
