import type { Filter } from '@atrium/contract/query';
import { dataMessages, validationError } from './errors.ts';
import { isSafeInteger, maxPageSize } from './validation.ts';

export type { Filter };

/** What filter operands may be: strings, numbers and dates (booleans too for eq/ne). */
export type Comparable = string | number | Date;

export interface FilterState {
  /** The collection a query builder belongs to; a stand-alone filter has none. */
  readonly collectionName?: string;
  readonly conditions: readonly Filter[];
  /** Problems found while building, reported by `build()` or when the call runs (never thrown mid-chain). */
  readonly invalid: readonly string[];
}

function isComparable(value: unknown): value is Comparable {
  return typeof value === 'string' || typeof value === 'number' || value instanceof Date;
}

function kind(value: unknown): string {
  return value instanceof Date ? 'date' : Array.isArray(value) ? 'array' : typeof value;
}

/**
 * The filter methods shared by `filter()`, `query()`, `aggregate()` and `search()`: each returns a new
 * builder. A wrong argument does not throw where it is written: it is recorded with its WDE code and the
 * call that runs the builder rejects with every problem listed (as the official data client does).
 */
export abstract class FilterBase<S extends FilterState = FilterState> {
  protected readonly state: S;

  constructor(state: S) {
    this.state = state;
  }

  /** The class name used in messages (`.or expects DataFilter only`). */
  protected abstract get className(): string;

  /** A new builder of the same class with `patch` applied. */
  protected copy(patch: Partial<S>): this {
    const Constructor = this.constructor as new (state: S) => this;
    return new Constructor({ ...this.state, ...patch });
  }

  /** `copy` for the fields every builder has (a subclass's state always extends FilterState). */
  protected patchFilter(patch: Partial<FilterState>): this {
    return this.copy(patch as unknown as Partial<S>);
  }

  protected withProblems(problems: readonly string[]): this {
    return problems.length === 0 ? this : this.patchFilter({ invalid: [...this.state.invalid, ...problems] });
  }

  private condition(field: unknown, operator: string, value: unknown, problems: string[]): this {
    // Like the official client, a call reports its first problem only (the rest usually follow from it).
    if (problems.length > 0) return this.withProblems(problems.slice(0, 1));
    const condition = { [field as string]: { [operator]: value === undefined ? null : value } } as Filter;
    return this.patchFilter({ conditions: [...this.state.conditions, condition] });
  }

  private fieldProblems(operator: string, args: readonly unknown[], arity: number): string[] {
    const problems: string[] = [];
    if (arity === 2 && args.length !== 2) problems.push(dataMessages.arityIsTwo(operator));
    if (arity === 3 && args.length !== 3) problems.push(dataMessages.arityIsThree(operator));
    if (arity === -2 && args.length < 2) problems.push(dataMessages.arityIsAtLeastTwo(operator));
    if (typeof args[0] !== 'string') problems.push(dataMessages.validFieldName(operator, args[0]));
    return problems;
  }

  private any(operator: string, symbol: string, args: unknown[]): this {
    return this.condition(args[0], symbol, args[1], this.fieldProblems(operator, args, 2));
  }

  private comparison(operator: string, symbol: string, args: unknown[]): this {
    const problems = this.fieldProblems(operator, args, 2);
    if (!isComparable(args[1])) problems.push(dataMessages.typeIsStringNumberOrDate(operator, args[1]));
    return this.condition(args[0], symbol, args[1], problems);
  }

  private text(operator: string, symbol: string, args: unknown[]): this {
    const problems = this.fieldProblems(operator, args, 2);
    if (typeof args[1] !== 'string') problems.push(dataMessages.typeIsString(operator, args[1]));
    return this.condition(args[0], symbol, args[1], problems);
  }

  private set(operator: string, symbol: string, args: unknown[]): this {
    const problems = this.fieldProblems(operator, args, -2);
    const rest = args.slice(1);
    const values = rest.length === 1 && Array.isArray(rest[0]) ? (rest[0] as unknown[]) : rest;
    if (!values.every(isComparable)) problems.push(dataMessages.typeIsStringNumberOrDateForAll(operator));
    return this.condition(args[0], symbol, values, problems);
  }

  /** Items whose field equals the value (any type; `null` matches absent values). */
  eq(field: string, value: unknown): this;
  eq(...args: unknown[]): this {
    return this.any('.eq', '$eq', args);
  }
  ne(field: string, value: unknown): this;
  ne(...args: unknown[]): this {
    return this.any('.ne', '$ne', args);
  }
  gt(field: string, value: Comparable): this;
  gt(...args: unknown[]): this {
    return this.comparison('.gt', '$gt', args);
  }
  ge(field: string, value: Comparable): this;
  ge(...args: unknown[]): this {
    return this.comparison('.ge', '$gte', args);
  }
  lt(field: string, value: Comparable): this;
  lt(...args: unknown[]): this {
    return this.comparison('.lt', '$lt', args);
  }
  le(field: string, value: Comparable): this;
  le(...args: unknown[]): this {
    return this.comparison('.le', '$lte', args);
  }
  /** Case-insensitive prefix match. */
  startsWith(field: string, value: string): this;
  startsWith(...args: unknown[]): this {
    return this.text('.startsWith', '$startsWith', args);
  }
  endsWith(field: string, value: string): this;
  endsWith(...args: unknown[]): this {
    return this.text('.endsWith', '$endsWith', args);
  }
  contains(field: string, value: string): this;
  contains(...args: unknown[]): this {
    return this.text('.contains', '$contains', args);
  }
  /** `in('status', ['A', 'B'])` or `in('status', 'A', 'B')`. */
  in(field: string, ...values: Comparable[] | [Comparable[]]): this;
  in(...args: unknown[]): this {
    return this.set('.in', '$in', args);
  }
  hasSome(field: string, ...values: Comparable[] | [Comparable[]]): this;
  hasSome(...args: unknown[]): this {
    return this.set('.hasSome', '$hasSome', args);
  }
  hasAll(field: string, ...values: Comparable[] | [Comparable[]]): this;
  hasAll(...args: unknown[]): this {
    return this.set('.hasAll', '$hasAll', args);
  }
  /** From `start` (inclusive) to `end` (exclusive), both of the same type. */
  between(field: string, start: Comparable, end: Comparable): this;
  between(...args: unknown[]): this {
    const problems = this.fieldProblems('.between', args, 3);
    const [, start, end] = args;
    if (kind(start) !== kind(end)) problems.push(dataMessages.sameType('.between', start, end));
    if (!isComparable(start)) problems.push(dataMessages.typeIsStringNumberOrDate('.between', start));
    if (!isComparable(end)) problems.push(dataMessages.typeIsStringNumberOrDate('.between', end));
    if (problems.length > 0) return this.withProblems(problems.slice(0, 1));
    const field = args[0] as string;
    return this.patchFilter({
      conditions: [
        ...this.state.conditions,
        { [field]: { $gte: start } } as Filter,
        { [field]: { $lt: end } } as Filter,
      ],
    });
  }
  /** Items where the field is present (`false`: absent). */
  exists(field: string, value?: boolean): this;
  exists(...args: unknown[]): this {
    const problems: string[] = [];
    if (args.length < 1 || args.length > 2) problems.push(dataMessages.arityIsOne('.exists'));
    if (typeof args[0] !== 'string') problems.push(dataMessages.validFieldName('.exists', args[0]));
    return this.condition(args[0], '$exists', args.length === 2 ? args[1] : true, problems);
  }
  /** Items with no value (absent or null) in the field. */
  isEmpty(field: string): this;
  isEmpty(...args: unknown[]): this {
    const problems = args.length === 1 ? [] : [dataMessages.arityIsOne('.isEmpty')];
    if (typeof args[0] !== 'string') problems.push(dataMessages.validFieldName('.isEmpty', args[0]));
    return this.condition(args[0], '$eq', null, problems);
  }
  isNotEmpty(field: string): this;
  isNotEmpty(...args: unknown[]): this {
    const problems = args.length === 1 ? [] : [dataMessages.arityIsOne('.isNotEmpty')];
    if (typeof args[0] !== 'string') problems.push(dataMessages.validFieldName('.isNotEmpty', args[0]));
    return this.condition(args[0], '$ne', null, problems);
  }

  /** Checks that each argument is a filter or a query of this builder's collection (WDE0049, WDE0050). */
  private others(operator: string, others: readonly unknown[]): { filters: Filter[]; problems: string[] } {
    const problems: string[] = others.length === 0 ? [dataMessages.arityIsAtLeastOne(operator)] : [];
    const filters: Filter[] = [];
    for (const other of others) {
      if (!(other instanceof FilterBase)) {
        problems.push(dataMessages.isInstanceOfSameClass(operator, this.className, other));
        continue;
      }
      const theirs = other.state.collectionName;
      if (
        theirs !== undefined &&
        this.state.collectionName !== undefined &&
        theirs !== this.state.collectionName
      ) {
        problems.push(dataMessages.isForCollection(operator, this.className, theirs));
        continue;
      }
      problems.push(...other.state.invalid);
      filters.push(other.filterTree);
    }
    return { filters, problems };
  }

  /** Items matching this filter and every one given. */
  and(...others: FilterBase[]): this;
  and(...others: unknown[]): this {
    const { filters, problems } = this.others('.and', others);
    if (problems.length > 0) return this.withProblems(problems);
    return this.patchFilter({ conditions: [...this.state.conditions, ...filters.filter(isNonEmpty)] });
  }
  /** Items matching this filter or any one given (an empty filter adds no alternative). */
  or(...others: FilterBase[]): this;
  or(...others: unknown[]): this {
    const { filters, problems } = this.others('.or', others);
    if (problems.length > 0) return this.withProblems(problems);
    const alternatives = [this.filterTree, ...filters].filter(isNonEmpty);
    return this.patchFilter({
      conditions: alternatives.length <= 1 ? alternatives : [{ $or: alternatives }],
    });
  }
  /** Items matching this filter but not the one given. */
  not(other: FilterBase): this;
  not(...others: unknown[]): this {
    const problems = others.length === 1 ? [] : [dataMessages.arityIsOne('.not')];
    const checked = this.others('.not', others.slice(0, 1));
    problems.push(...checked.problems);
    if (problems.length > 0) return this.withProblems(problems);
    return this.patchFilter({ conditions: [...this.state.conditions, { $not: checked.filters[0]! }] });
  }

  /** The problems recorded so far (each starting with its WDE code). */
  get invalidArguments(): readonly string[] {
    return this.state.invalid;
  }

  /** The wire filter, problems or not: `{}` for none, one condition as is, several under `$and`. */
  get filterTree(): Filter {
    const { conditions } = this.state;
    if (conditions.length === 0) return {};
    if (conditions.length === 1) return conditions[0]!;
    return { $and: [...conditions] };
  }
}

function isNonEmpty(filter: Filter): boolean {
  return Object.keys(filter).length > 0;
}

/**
 * A stand-alone filter for `and`, `or`, `not`, aggregate `filter`/`having` and calls that take a filter.
 * @example items.query('Posts').or(items.filter().gt('views', 100)).find()
 */
export class DataFilter extends FilterBase {
  protected get className(): string {
    return 'DataFilter';
  }

  /** The wire filter; rejects a filter with problems ('Failed to build a filter.' and the list). */
  build(): Filter {
    if (this.state.invalid.length > 0) throw validationError(dataMessages.filterInvalid(this.state.invalid));
    return this.filterTree;
  }
}

export function dataFilter(): DataFilter {
  return new DataFilter({ conditions: [], invalid: [] });
}

/** The checks of `.limit(n)`: one positive safe integer, at most 1000 (WDE0032/33/35/36, WDE0039). */
export function limitProblems(args: readonly unknown[]): string[] {
  const [limit] = args;
  if (args.length !== 1) return [dataMessages.arityIsOne('.limit')];
  if (typeof limit !== 'number') return [dataMessages.isNumber('.limit', 'positive', limit)];
  if (Number.isNaN(limit) || limit <= 0) return [dataMessages.isPositiveNumber('.limit', limit)];
  if (!isSafeInteger(limit)) return [dataMessages.isInteger('.limit', limit)];
  if (limit > maxPageSize) return [dataMessages.notGreaterThan('.limit', limit, maxPageSize)];
  return [];
}

/** The checks of `.skip(n)`: one non-negative safe integer (WDE0032/34/35, WDE0039). */
export function skipProblems(args: readonly unknown[]): string[] {
  const [skip] = args;
  if (args.length !== 1) return [dataMessages.arityIsOne('.skip')];
  if (typeof skip !== 'number') return [dataMessages.isNumber('.skip', 'non-negative', skip)];
  if (Number.isNaN(skip) || skip < 0) return [dataMessages.isNonNegativeNumber('.skip', skip)];
  if (!isSafeInteger(skip)) return [dataMessages.isInteger('.skip', skip)];
  return [];
}

/** The checks of `.ascending(...)` / `.descending(...)`: at least one field, all strings (WDE0043, WDE0051). */
export function sortProblems(
  operator: string,
  args: readonly unknown[],
): { fields: string[]; problems: string[] } {
  const fields = args.length === 1 && Array.isArray(args[0]) ? (args[0] as unknown[]) : [...args];
  if (args.length === 0 || fields.length === 0)
    return { fields: [], problems: [dataMessages.arityIsAtLeastOne(operator)] };
  if (!fields.every((field) => typeof field === 'string' && field !== '')) {
    return { fields: [], problems: [dataMessages.sortValues(operator, fields)] };
  }
  return { fields: fields as string[], problems: [] };
}
