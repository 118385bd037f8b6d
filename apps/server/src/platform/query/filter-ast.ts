import type { ResolvedField } from './query-entity.ts';

/** A checked operand value; dates are canonical `toISOString()` text, so text order is time order. */
export type Scalar =
  | { t: 'string'; v: string }
  | { t: 'number'; v: number }
  | { t: 'boolean'; v: boolean }
  | { t: 'date'; v: string };

export type ComparisonOp = 'gt' | 'gte' | 'lt' | 'lte';
export type TextOp = 'startsWith' | 'endsWith' | 'contains';

/**
 * One test of one field. `$ne`, `$exists: false` and `$eq: null` are negations of these, `$hasSome` is
 * `in` and `$between` is `gte` and `lt`, so the compiler and the evaluator have fewer cases to agree on.
 */
export type Condition =
  | { op: 'exists' }
  | { op: 'eq'; value: Scalar }
  | { op: 'eqArray'; values: Scalar[] }
  | { op: ComparisonOp; value: Scalar }
  | { op: TextOp; value: string }
  /** `$matches`: the whole text against a regular expression built by `matchesPattern`. */
  | { op: 'matches'; pattern: string }
  | { op: 'in' | 'hasAll'; values: Scalar[] };

export type FilterNode =
  | { kind: 'and'; children: FilterNode[] }
  | { kind: 'or'; children: FilterNode[] }
  | { kind: 'not'; child: FilterNode }
  | { kind: 'condition'; field: ResolvedField; condition: Condition };

export const matchAll: FilterNode = { kind: 'and', children: [] };
