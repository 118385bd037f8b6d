import { dataMessages, validationError, type DataError } from './errors.ts';

/** At most this many items, ids or patches in one bulk call (spec data-commerce §9). */
export const maxBulkItems = 1000;
/** The largest page the server returns. */
export const maxPageSize = 1000;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]';
}

/** Integers must lie strictly within ±(2^53 − 1) (spec §9). */
export function isSafeInteger(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value < Number.MAX_SAFE_INTEGER &&
    value > -Number.MAX_SAFE_INTEGER
  );
}

/** The option keys each kind of call accepts as booleans (spec §5); `language` is a non-empty string. */
export const optionFlags = {
  general: ['suppressAuth', 'suppressHooks', 'showDrafts', 'consistentRead', 'language'],
  bulkInsert: ['suppressAuth', 'suppressHooks', 'overrideExisting'],
  bulkUpdate: ['suppressAuth', 'suppressHooks', 'showDrafts'],
  bulkRemove: ['suppressAuth', 'suppressHooks', 'showDrafts'],
  truncate: ['suppressAuth'],
} as const;
export type OptionKind = keyof typeof optionFlags;

/**
 * A list of checks run in order; the first failing one decides the error, as the official client does.
 * @example await checks('get').arity(args, 2, 3).collectionName(name).itemId(id).run()
 */
export class Checks {
  private readonly list: Array<{ ok: () => boolean; message: () => string }> = [];

  constructor(private readonly method: string) {}

  add(ok: () => boolean, message: () => string): this {
    this.list.push({ ok, message });
    return this;
  }

  arity(args: readonly unknown[], from: number, to: number): this {
    return this.add(
      () => args.length >= from && args.length <= to,
      () => dataMessages.invalidArgumentLength(this.method, from, to, args.length),
    );
  }

  collectionName(name: unknown): this {
    return this.add(() => typeof name === 'string', dataMessages.collectionNameMustBeAString);
  }

  itemId(id: unknown): this {
    return this.add(() => typeof id === 'string', dataMessages.itemIdMustBeAString);
  }

  fieldName(name: unknown): this {
    return this.add(() => typeof name === 'string', dataMessages.fieldNameMustBeAString);
  }

  /** An object; with `requireId` its `_id` must be a string, otherwise an `_id` given must be one. */
  item(item: unknown, collectionName: unknown, requireId: boolean): this {
    return this.add(
      () => isPlainObject(item),
      () => dataMessages.itemMustBeAnObject(item, collectionName),
    ).add(() => {
      const id = (item as Record<string, unknown>)._id;
      return id === undefined || id === null ? !requireId : typeof id === 'string';
    }, dataMessages.updateItemInvalid);
  }

  /** An array of objects whose `_id`, when present, is a string; at most 1000 of them. */
  items(items: unknown, collectionName: unknown): this {
    return this.add(
      () =>
        Array.isArray(items) &&
        items.every(
          (item) =>
            isPlainObject(item) &&
            (item._id === undefined || item._id === null || typeof item._id === 'string'),
        ),
      () => dataMessages.itemsMustBeArrayOfObjects(collectionName),
    ).add(
      () => (items as unknown[]).length <= maxBulkItems,
      () => dataMessages.itemsMustBeLessThanThousand(collectionName),
    );
  }

  /** Every bulk update item needs its `_id` (WDE0007), as a single update does. */
  itemsWithIds(items: unknown): this {
    return this.add(
      () => (items as Array<Record<string, unknown>>).every((item) => typeof item._id === 'string'),
      dataMessages.updateItemInvalid,
    );
  }

  itemIds(ids: unknown, collectionName: unknown): this {
    return this.add(
      () => Array.isArray(ids) && ids.every((id) => typeof id === 'string'),
      dataMessages.itemIdsMustBeArrayOfStrings,
    ).add(
      () => (ids as unknown[]).length <= maxBulkItems,
      () => dataMessages.removeItemsMustBeLessThanThousand(collectionName),
    );
  }

  /**
   * Options: absent, or an object whose flags of this kind are booleans (`language` a non-empty string) and
   * whose other keys are among `extra` (the call's own non-flag options such as `fields`).
   */
  options(options: unknown, kind: OptionKind, extra: readonly string[] = []): this {
    const flags: readonly string[] = optionFlags[kind];
    return this.add(
      () => {
        if (options === undefined || options === null) return true;
        if (!isPlainObject(options)) return false;
        return Object.entries(options).every(([key, value]) => {
          if (value === undefined) return true;
          if (key === 'language' && flags.includes(key)) return typeof value === 'string' && value.length > 0;
          if (flags.includes(key)) return typeof value === 'boolean';
          return extra.includes(key);
        });
      },
      () => dataMessages.optionsInvalid(flags),
    );
  }

  nonEmptyString(value: unknown, name: string): this {
    return this.add(
      () => typeof value === 'string' && value.length > 0,
      () => dataMessages.isNonEmptyString(name),
    );
  }

  /** A referenced or referring item: a non-empty string id or an object with `_id`. */
  referenceParameter(value: unknown): this {
    return this.add(() => isReferenceParameter(value), dataMessages.referenceParameterInvalid);
  }

  referenceParameters(values: unknown): this {
    return this.add(
      () => Array.isArray(values) && values.length > 0 && values.every(isReferenceParameter),
      dataMessages.referenceParameterInvalid,
    );
  }

  /** References of insertReference: each with a relationship name, a left and a right (WDE0021). */
  references(references: unknown): this {
    return this.add(
      () =>
        Array.isArray(references) &&
        references.length > 0 &&
        references.every(
          (reference) =>
            isPlainObject(reference) &&
            typeof reference.relationshipName === 'string' &&
            reference.relationshipName.length > 0 &&
            isReferenceParameter(reference.left) &&
            isReferenceParameter(reference.right),
        ),
      dataMessages.invalidReference,
    ).add(
      () => (references as unknown[]).length <= maxBulkItems,
      () => dataMessages.notGreaterThan('references', (references as unknown[]).length, maxBulkItems),
    );
  }

  /** A filter given as a plain object: an object (WDE0016) of the valid model (WDE0056–0064, WDE0070). */
  filterModel(filter: unknown, required: boolean): this {
    this.add(
      () => (filter === undefined || filter === null ? !required : isPlainObject(filter)),
      dataMessages.filterMustBeAnObject,
    );
    return this.add(
      () => !isPlainObject(filter) || validateFilterModel(filter).length === 0,
      () => validateFilterModel(filter)[0]!,
    );
  }

  /** Every failing check's message (for builders, which list all problems at once). */
  problems(): string[] {
    return this.list.filter((check) => !check.ok()).map((check) => check.message());
  }

  /** The first failure as a WD_VALIDATION_ERROR, or undefined when every check passes. */
  firstError(): DataError | undefined {
    for (const check of this.list) {
      if (!check.ok()) return validationError(check.message(), `items.${this.method}`);
    }
    return undefined;
  }

  /** Rejects with the first failure, as every data call does before it sends anything. */
  async run(): Promise<void> {
    const error = this.firstError();
    if (error) throw error;
  }
}

export function checks(method: string): Checks {
  return new Checks(method);
}

export function isReferenceParameter(value: unknown): boolean {
  return (
    (typeof value === 'string' && value !== '') ||
    (isPlainObject(value) && typeof value._id === 'string' && value._id !== '')
  );
}

/** The id of a reference parameter: the string itself or the object's `_id`. */
export function referenceId(value: unknown): string {
  return typeof value === 'string' ? value : String((value as Record<string, unknown>)._id);
}

function isComparable(value: unknown): boolean {
  if (value instanceof Date || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  return isPlainObject(value) && Object.keys(value).length === 1 && typeof value.$date === 'string';
}

const operatorChecks: Record<string, (value: unknown, at: string) => string[]> = {
  $eq: () => [],
  $ne: () => [],
  $gt: comparison,
  $gte: comparison,
  $lt: comparison,
  $lte: comparison,
  $startsWith: text,
  $endsWith: text,
  $contains: text,
  $exists: (value, at) =>
    typeof value === 'boolean' ? [] : [dataMessages.filterModelComparisonType(at, value)],
  $in: set,
  $hasSome: set,
  $hasAll: set,
  $between: (value, at) => {
    if (!Array.isArray(value)) return [dataMessages.filterModelArrayType(at, value)];
    if (value.length !== 2) return [dataMessages.filterModelArrayLength(at, 2, value)];
    return value.every(isComparable) ? [] : [dataMessages.filterModelSetItems(at, value)];
  },
  $matches: matches,
  $regex: () => [dataMessages.regexNotAllowed()],
};

function comparison(value: unknown, at: string): string[] {
  return isComparable(value) ? [] : [dataMessages.filterModelComparisonType(at, value)];
}

function text(value: unknown, at: string): string[] {
  return typeof value === 'string' ? [] : [dataMessages.filterModelStringType(at, value)];
}

function set(value: unknown, at: string): string[] {
  if (!Array.isArray(value)) return [dataMessages.filterModelArrayType(at, value)];
  return value.every(isComparable) ? [] : [dataMessages.filterModelSetItems(at, value)];
}

/** `$matches` must be case-insensitive and list literal or separator segments. */
function matches(value: unknown, at: string): string[] {
  if (!isPlainObject(value)) return [dataMessages.filterModelObjectType(at, value)];
  const problems: string[] = [];
  if (!('ignoreCase' in value)) problems.push(dataMessages.matchesRequiredProperty('ignoreCase', value));
  else if (value.ignoreCase !== true) problems.push(dataMessages.matchesIgnoreCase(value.ignoreCase));
  if (!('spec' in value)) problems.push(dataMessages.matchesRequiredProperty('spec', value));
  else if (!Array.isArray(value.spec))
    problems.push(dataMessages.filterModelArrayType(`${at}.spec`, value.spec));
  else {
    const invalid = value.spec.find(
      (segment: unknown) =>
        !isPlainObject(segment) ||
        !(
          (segment.type === 'anyOf' && segment.value === ' \t\n-') ||
          (segment.type === 'literal' && typeof segment.value === 'string')
        ),
    );
    if (invalid !== undefined) problems.push(dataMessages.matchesSpecItems(invalid));
  }
  return problems;
}

function join(path: string | undefined, key: string): string {
  return path === undefined ? key : `${path}.${key}`;
}

/**
 * The problems of a filter given as a plain object (spec §8 WDE0056–0064 and WDE0070), each a message
 * naming where it is; `[]` when the filter is valid.
 */
export function validateFilterModel(tree: unknown, path?: string): string[] {
  if (!isPlainObject(tree)) return [dataMessages.filterModelObjectType(path ?? 'Filter Model', tree)];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(tree)) {
    const at = join(path, key);
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value)) problems.push(dataMessages.filterModelArrayType(at, value));
      else problems.push(...value.flatMap((child) => validateFilterModel(child, at)));
    } else if (key === '$not') {
      // The official client sends `$not: [filter]`; the platform's own form is `$not: filter`.
      if (Array.isArray(value)) {
        if (value.length !== 1) problems.push(dataMessages.filterModelArrayLength(at, 1, value));
        else problems.push(...validateFilterModel(value[0], at));
      } else {
        problems.push(...validateFilterModel(value, at));
      }
    } else if (key === '$regex') {
      problems.push(dataMessages.regexNotAllowed());
    } else if (key.startsWith('$')) {
      problems.push(dataMessages.filterModelUnknownOperator(at));
    } else if (
      isPlainObject(value) &&
      !isComparable(value) &&
      Object.keys(value).some((op) => op.startsWith('$'))
    ) {
      problems.push(...validateConditions(value, at));
    }
  }
  return problems;
}

function validateConditions(conditions: Record<string, unknown>, path: string): string[] {
  const problems: string[] = [];
  for (const [operator, value] of Object.entries(conditions)) {
    const at = join(path, operator);
    if (operator === '$not') {
      problems.push(
        ...(isPlainObject(value)
          ? validateConditions(value, at)
          : [dataMessages.filterModelObjectType(at, value)]),
      );
      continue;
    }
    const check = operatorChecks[operator];
    problems.push(...(check ? check(value, at) : [dataMessages.filterModelUnknownOperator(at)]));
  }
  return problems;
}

/** True when some key at any depth of `value` satisfies `predicate`. */
export function hasKey(value: unknown, predicate: (key: string) => boolean): boolean {
  if (Array.isArray(value)) return value.some((child) => hasKey(child, predicate));
  if (!isPlainObject(value)) return false;
  return Object.entries(value).some(([key, child]) => predicate(key) || hasKey(child, predicate));
}

/** The console the field-name warnings go to; tests replace it. */
export interface WarningSink {
  error(message: string): void;
  warn(message: string): void;
}

export const fieldNameMessages = {
  dollar:
    "Data inserted contains field name prefixed with symbol '$'. It is not recommended to use such field names as it will not work with some data operations.",
  dot: "Data inserted contains field name containing symbol '.'. It is not recommended to use such field names as it will not work with some data operations.",
} as const;

/**
 * Field names starting with `$` are logged as errors and names with a dot as warnings (spec §5); neither
 * blocks the call. `$date` values written by the SDK are dates, not field names.
 */
export function warnAboutFieldNames(item: unknown, sink: WarningSink = console): void {
  if (hasKey(item, (key) => key.startsWith('$') && key !== '$date')) sink.error(fieldNameMessages.dollar);
  if (hasKey(item, (key) => key.includes('.'))) sink.warn(fieldNameMessages.dot);
}
