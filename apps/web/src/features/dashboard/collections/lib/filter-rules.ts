import type { DataField } from '@atrium/contract/data';
import type { FilterBase } from '@atrium/sdk/modules/data';
import { editorKind, fromEditorText, type EditorKind } from './field-types.ts';

export const filterOperators = [
  'contains',
  'eq',
  'ne',
  'startsWith',
  'endsWith',
  'gt',
  'ge',
  'lt',
  'le',
  'isTrue',
  'isFalse',
  'isEmpty',
  'isNotEmpty',
] as const;
export type FilterOperator = (typeof filterOperators)[number];

/** One condition of the filter builder: all conditions must hold. `value` is the editor's text. */
export interface FilterRule {
  field: string;
  operator: FilterOperator;
  value: string;
}

const byKind: Partial<Record<EditorKind, FilterOperator[]>> = {
  text: ['contains', 'eq', 'ne', 'startsWith', 'endsWith', 'isEmpty', 'isNotEmpty'],
  longText: ['contains', 'startsWith', 'isEmpty', 'isNotEmpty'],
  number: ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'isEmpty', 'isNotEmpty'],
  boolean: ['isTrue', 'isFalse', 'isEmpty'],
  date: ['eq', 'gt', 'ge', 'lt', 'le', 'isEmpty', 'isNotEmpty'],
  datetime: ['gt', 'ge', 'lt', 'le', 'isEmpty', 'isNotEmpty'],
  time: ['eq', 'gt', 'lt', 'isEmpty', 'isNotEmpty'],
  reference: ['eq', 'ne', 'isEmpty', 'isNotEmpty'],
};

/** The operators that make sense for a field's type. */
export function operatorsFor(field: DataField): FilterOperator[] {
  return byKind[editorKind(field.type)] ?? ['isEmpty', 'isNotEmpty'];
}

/** Operators that take no value. */
export function isUnary(operator: FilterOperator): boolean {
  return (
    operator === 'isTrue' || operator === 'isFalse' || operator === 'isEmpty' || operator === 'isNotEmpty'
  );
}

/** A rule is complete when its field exists and it has the value its operator needs, parsed for the field's type. */
export function ruleValue(rule: FilterRule, field: DataField | undefined): { ok: boolean; value?: unknown } {
  if (!field || !operatorsFor(field).includes(rule.operator)) return { ok: false };
  if (isUnary(rule.operator)) return { ok: true };
  if (rule.value.trim() === '') return { ok: false };
  const kind = editorKind(field.type);
  const parsed = fromEditorText(
    kind === 'longText' || kind === 'reference' || kind === 'time' ? 'text' : kind,
    rule.value,
  );
  return parsed.ok && parsed.value !== undefined ? { ok: true, value: parsed.value } : { ok: false };
}

/**
 * Adds the rules to a query or filter builder of the data SDK (incomplete rules are left out).
 * @example applyRules(data.items.query('Posts'), [{ field: 'views', operator: 'gt', value: '100' }], fields)
 */
export function applyRules<F extends FilterBase>(
  builder: F,
  rules: readonly FilterRule[],
  fields: readonly DataField[],
): F {
  let result = builder;
  for (const rule of rules) {
    const field = fields.find((candidate) => candidate.key === rule.field);
    const { ok, value } = ruleValue(rule, field);
    if (!ok) continue;
    const key = rule.field;
    switch (rule.operator) {
      case 'contains':
        result = result.contains(key, value as string);
        break;
      case 'startsWith':
        result = result.startsWith(key, value as string);
        break;
      case 'endsWith':
        result = result.endsWith(key, value as string);
        break;
      case 'eq':
        result = result.eq(key, value);
        break;
      case 'ne':
        result = result.ne(key, value);
        break;
      case 'gt':
        result = result.gt(key, value as string | number | Date);
        break;
      case 'ge':
        result = result.ge(key, value as string | number | Date);
        break;
      case 'lt':
        result = result.lt(key, value as string | number | Date);
        break;
      case 'le':
        result = result.le(key, value as string | number | Date);
        break;
      case 'isTrue':
        result = result.eq(key, true);
        break;
      case 'isFalse':
        result = result.eq(key, false);
        break;
      case 'isEmpty':
        result = result.isEmpty(key);
        break;
      case 'isNotEmpty':
        result = result.isNotEmpty(key);
        break;
    }
  }
  return result;
}
