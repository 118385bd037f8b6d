import type { FieldViolation } from '@atrium/contract/errors';
import { AtriumError, ApplicationError, InvalidArgumentError, SystemError } from '../../errors.ts';

/** A check made before sending failed, or the server refused the request's content (spec data-commerce §8). */
export const validationErrorCode = 'WD_VALIDATION_ERROR';
/** Anything the caller cannot fix: a 5xx, a network failure, an unreadable answer. */
export const unknownErrorCode = 'WD_UNKNOWN_ERROR';

/** What a value looks like in a message: `Number`, `String`, `Array`, `Date`, `Object`, `Null`... */
export function typeForDisplay(value: unknown): string {
  if (value === undefined) return 'Undefined';
  if (value === null) return 'Null';
  if (Array.isArray(value)) return 'Array';
  if (value instanceof Date) return 'Date';
  switch (typeof value) {
    case 'number':
      return 'Number';
    case 'boolean':
      return 'Boolean';
    case 'string':
      return 'String';
    case 'object':
      return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null
        ? 'Object'
        : (value.constructor?.name ?? 'Object');
    default: {
      const type = typeof value;
      return type.charAt(0).toUpperCase() + type.slice(1);
    }
  }
}

function stringify(value: unknown): string {
  try {
    const text = JSON.stringify(value, (_key, child: unknown) => (child === undefined ? null : child));
    return text ?? String(value);
  } catch {
    // Cyclic values cannot be printed as JSON; their type is still a useful hint.
    return typeForDisplay(value);
  }
}

/**
 * The data API's messages, each starting with its WDE code. The wording follows the official data client
 * so that messages users already search for keep meaning the same thing.
 */
export const dataMessages = {
  collectionNameMustBeAString: () => 'WDE0001: Collection name must be a string.',
  itemIdMustBeAString: () => 'WDE0002: ItemId must be a string.',
  fieldNameMustBeAString: () => 'WDE0003: FieldName must be a string.',
  itemMustBeAnObject: (item: unknown, collectionName: unknown) =>
    `WDE0004: Failed to save [${String(item)}] into [${String(collectionName)}].\nItems must be JavaScript objects.`,
  itemsMustBeArrayOfObjects: (collectionName: unknown) =>
    `WDE0005: Failed to bulk save items into [${String(collectionName)}].\nItems must be an array of JavaScript objects and itemIds must be strings if present.`,
  itemsMustBeLessThanThousand: (collectionName: unknown) =>
    `WDE0006: Failed to bulk save items into [${String(collectionName)}].\nCannot insert more than 1000 items in one request`,
  updateItemInvalid: () => 'WDE0007: Invalid update. Updated object must have a string _id property.',
  invalidArgumentLength: (method: string, from: number, to: number, actual: number) =>
    `WDE0008: items.${method} expects between ${from} and ${to} arguments, but was called with ${actual}.`,
  filterMustBeBuilder: (operator: string) =>
    `WDE0011: Invalid ${operator} usage. ${operator} requires a data filter.`,
  filterIsAlreadySet: (operator: string) => `WDE0012: Invalid ${operator} usage. Filter is already set.`,
  groupIsAlreadySet: (operator: string) => `WDE0013: Invalid ${operator} usage. Group is already set.`,
  filterMustBeAnObject: () => 'WDE0016: Filter must be an object.',
  optionsInvalid: (properties: readonly string[]) =>
    `WDE0018: Options must be an object with one or all of the following boolean properties: ${properties.join(', ')}.`,
  referenceParameterInvalid: () =>
    'WDE0019: Reference operation takes a string ID or an object with an ID to be connected.',
  notMultiReferenceField: (fieldName: string) =>
    `WDE0020: Provided property [${fieldName}] is not a multi-reference field.`,
  invalidReference: () => 'WDE0021: Invalid reference',
  isNumber: (operator: string, specifier: string, operand: unknown) =>
    `WDE0032: Invalid ${operator} parameter [${typeForDisplay(operand)}]. ${operator} parameter must be a ${specifier ? `${specifier} ` : ''}number.`,
  isPositiveNumber: (operator: string, operand: unknown) =>
    `WDE0033: Invalid ${operator} parameter [${String(operand)}]. ${operator} parameter must be a positive number.`,
  isNonNegativeNumber: (operator: string, operand: unknown) =>
    `WDE0034: Invalid ${operator} parameter [${String(operand)}]. ${operator} parameter must be a non-negative number.`,
  isInteger: (operator: string, operand: unknown) =>
    `WDE0035: Invalid ${operator} parameter [${String(operand)}]. ${operator} parameter must be an integer.`,
  notGreaterThan: (operator: string, operand: unknown, maximum: number) =>
    `WDE0036: Invalid ${operator} parameter [${String(operand)}]. ${operator} parameter cannot exceed ${maximum}.`,
  arityIsZero: (operator: string) =>
    `WDE0038: Invalid ${operator} usage. ${operator} does not take parameters.`,
  arityIsOne: (operator: string) => `WDE0039: Invalid ${operator} usage. ${operator} requires one parameter.`,
  arityIsTwo: (operator: string) =>
    `WDE0040: Invalid ${operator} usage. ${operator} requires two parameters.`,
  arityIsThree: (operator: string) =>
    `WDE0041: Invalid ${operator} usage. ${operator} requires three parameters.`,
  arityIsAtLeastTwo: (operator: string) =>
    `WDE0042: Invalid ${operator} usage. ${operator} requires at least two parameters.`,
  arityIsAtLeastOne: (operator: string) =>
    `WDE0043: Invalid ${operator} usage. ${operator} requires at least one parameter.`,
  typeIsString: (operator: string, value: unknown) =>
    `WDE0044: Invalid ${operator} parameter value [${typeForDisplay(value)}]. ${operator} parameter must be a String.`,
  typeIsStringNumberOrDate: (operator: string, value: unknown) =>
    `WDE0045: Invalid ${operator} parameter value [${typeForDisplay(value)}]. Valid ${operator} parameter types are String, Number or Date.`,
  sameType: (operator: string, first: unknown, second: unknown) =>
    `WDE0046: Invalid ${operator} parameter values [${typeForDisplay(first)}] and [${typeForDisplay(second)}]. Both parameters must be of the same type.`,
  typeIsStringNumberOrDateForAll: (operator: string) =>
    `WDE0047: Invalid ${operator} usage. ${operator} supports only Number, String or Date items.`,
  validFieldName: (operator: string, field: unknown) =>
    `WDE0048: Invalid ${operator} field value [${typeForDisplay(field)}]. ${operator} field must be a String.`,
  isInstanceOfSameClass: (operator: string, className: string, value: unknown) =>
    `WDE0049: Invalid ${operator} parameter [${typeForDisplay(value)}]. ${operator} expects ${className} only.`,
  isForCollection: (operator: string, className: string, collectionName: unknown) =>
    `WDE0050: Invalid ${operator} parameter query for [${String(collectionName)}]. ${operator} accepts ${className} for the same collection only.`,
  sortValues: (operator: string, values: readonly unknown[]) =>
    `WDE0051: Invalid ${operator} parameters [${values.map(typeForDisplay).join(',')}]. Valid ${operator} values are String, Array of String or varargs String.`,
  internalError: (detail?: string) => `WDE0053: Internal wixData error${detail ? `: ${detail}` : ''}.`,
  serverInvalidResponse: (detail?: string) =>
    `WDE0055: Failed to parse server response.${detail ? ` ${detail}` : ''}`,
  filterModelObjectType: (at: string, value: unknown) =>
    `WDE0056: ${at} should be an Object. Got ${stringify(value)} instead`,
  filterModelArrayType: (at: string, value: unknown) =>
    `WDE0057: ${at} should be an Array. Got ${stringify(value)} instead`,
  filterModelArrayLength: (at: string, expected: number, value: readonly unknown[]) =>
    `WDE0057: ${stringify(value)}.length is ${value.length}. ${at} Array should have length ${expected}`,
  filterModelComparisonType: (at: string, value: unknown) =>
    `WDE0058: ${at} should be a Date, Number, String, or Boolean. Got ${stringify(value)} instead`,
  filterModelStringType: (at: string, value: unknown) =>
    `WDE0059: ${at} should be a String. Got ${stringify(value)} instead`,
  filterModelSetItems: (at: string, value: unknown) =>
    `WDE0060: ${at} Array should only contain values of types Date, Number, String, and Boolean. Got ${stringify(value)} instead`,
  filterModelUnknownOperator: (at: string) => `WDE0061: Unknown operator ${at}`,
  matchesRequiredProperty: (property: string, value: unknown) =>
    `WDE0062: $matches value ${stringify(value)} does not have property ${property}`,
  matchesIgnoreCase: (value: unknown) =>
    `WDE0063: $matches.ignoreCase should equal true. Got ${stringify(value)} instead`,
  matchesSpecItems: (value: unknown) =>
    `WDE0064: $matches.spec Array values should be either {"type":"anyOf","value":" \\t\\n-"} or {"type":"literal","value":String}. Got ${stringify(value)} instead`,
  sortModelType: (value: unknown) =>
    `WDE0065: Sort Model should be an Array. Got ${stringify(value)} instead`,
  sortModelItemType: (value: unknown) =>
    `WDE0066: Sort Model Array should contain values of type Object only. Got ${stringify(value)} instead`,
  sortModelItem: (value: unknown) =>
    `WDE0067: Sort Model Array items should have a single property with value "asc" or "desc". Got ${stringify(value)} instead`,
  itemIdsMustBeArrayOfStrings: () => 'WDE0068: Item ids must be an array of strings',
  removeItemsMustBeLessThanThousand: (collectionName: unknown) =>
    `WDE0069: Failed to remove items from [${String(collectionName)}].\nCannot remove more than 1000 items in one request`,
  regexNotAllowed: () => 'WDE0070: $regex keyword is not allowed.',
  itemDoesNotExist: (id: string, collectionName: string) =>
    `WDE0073: Item [${id}] does not exist in collection [${collectionName}].`,
  cursorPagingDoesNotSupportSkip: () => 'WDE0080: Skip is not supported in cursor paging.',
  isNonEmptyString: (name: string) =>
    `WDE0094: Invalid ${name} parameter. ${name} parameter must be non-empty string.`,
  payloadIsTooLarge: () => 'WDE0109: Payload is too large.',
  noPrevPage: (collectionName: string) =>
    `WDE0159: Invalid query on [${collectionName}].\nThere is no prev page.`,
  noNextPage: (collectionName: string) =>
    `WDE0165: Invalid query on [${collectionName}].\nThere is no next page.`,
  queryInvalid: (collectionName: unknown, problems: readonly string[]) =>
    `Failed to perform query on [${String(collectionName)}].\n${problems.join('\n')}`,
  aggregateInvalid: (collectionName: unknown, problems: readonly string[]) =>
    `Failed to perform aggregation on [${String(collectionName)}].\n${problems.join('\n')}`,
  searchInvalid: (collectionName: unknown, problems: readonly string[]) =>
    `Failed to perform search on [${String(collectionName)}].\n${problems.join('\n')}`,
  patchInvalid: (collectionName: unknown, problems: readonly string[]) =>
    `Failed to patch items of [${String(collectionName)}].\n${problems.join('\n')}`,
  filterInvalid: (problems: readonly string[]) => `Failed to build a filter.\n${problems.join('\n')}.`,
} as const;

const wdeCodePattern = /^WDE\d{4}$/;

/** The WDE code a message starts with (the first one when several problems are listed). */
export function wdeCodeOf(message: string): string | undefined {
  return /WDE\d{4}/.exec(message)?.[0];
}

export interface DataErrorOptions {
  /** The WDE code of the problem (`WDE0001`...), when there is one. */
  wdeCode?: string;
  /** The data call that failed, e.g. `items.insert`. */
  operation?: string;
  status?: number;
  requestId?: string;
  /** The server's `details` (applicationError or validationError) as it sent them. */
  details?: Record<string, unknown>;
  violations?: readonly FieldViolation[];
  cause?: unknown;
}

/**
 * Every failure of a data call. `code` is `WD_VALIDATION_ERROR` for a check made before sending (or a request
 * the server refused as invalid), `WD_UNKNOWN_ERROR` for a failure the caller cannot fix, or the server's
 * application code (`WDE0025` unknown collection, `WDE0027` permission refused, `WDE0074` duplicate id,
 * `WDE0109` payload too large...). `wdeCode` is the WDE code whichever the kind.
 */
export class DataError extends AtriumError {
  readonly wdeCode?: string;
  readonly operation?: string;
  readonly details?: Record<string, unknown>;
  readonly violations: readonly FieldViolation[];

  constructor(code: string, message: string, options: DataErrorOptions = {}) {
    super(code, message, options);
    this.wdeCode = options.wdeCode ?? wdeCodeOf(message);
    this.operation = options.operation;
    this.details = options.details;
    this.violations = options.violations ?? [];
  }
}

/** One item of a bulk call that failed: its code, the item sent and where it was in the request. */
export class BulkItemError extends AtriumError {
  readonly item: unknown;
  readonly originalIndex: number;
  readonly violations: readonly FieldViolation[];

  constructor(
    code: string,
    description: string,
    item: unknown,
    originalIndex: number,
    violations: readonly FieldViolation[] = [],
  ) {
    super(code, description);
    this.item = item;
    this.originalIndex = originalIndex;
    this.violations = violations;
  }
}

/** A client-side check failed: code `WD_VALIDATION_ERROR`, the message names the WDE code. */
export function validationError(message: string, operation?: string): DataError {
  return new DataError(validationErrorCode, message, { operation });
}

/**
 * The data API's translation of a failed call (spec §7: failures are rethrown normalised, naming the call):
 * 413 → WDE0109; field violations → WD_VALIDATION_ERROR with `field: description` lines; an application
 * error keeps its code (a hook's own error, WDE0078, is re-raised as the hook threw it); anything else is
 * WD_UNKNOWN_ERROR (WDE0053, or WDE0055 when a success answer could not be read).
 */
export function toDataError(error: unknown, operation: string): unknown {
  if (error instanceof DataError) return error;
  if (!(error instanceof AtriumError)) return error;
  const base = { operation, status: error.status, requestId: error.requestId, cause: error };
  if (error.status === 413) {
    return new DataError('WDE0109', dataMessages.payloadIsTooLarge(), { ...base, wdeCode: 'WDE0109' });
  }
  if (error instanceof InvalidArgumentError) {
    const lines = error.fieldViolations.map((violation) => `${violation.field}: ${violation.description}`);
    return new DataError(validationErrorCode, ['Invalid request', ...lines].join('\n'), {
      ...base,
      wdeCode: undefined,
      violations: error.fieldViolations,
      details: { validationError: { fieldViolations: error.fieldViolations } },
    });
  }
  if (error instanceof ApplicationError) {
    if (error.code === 'WDE0078') return hookError(error);
    const description = error.description || error.message;
    return new DataError(error.code, description, {
      ...base,
      wdeCode: wdeCodePattern.test(error.code) ? error.code : undefined,
      details: { applicationError: { code: error.code, description, data: error.data } },
    });
  }
  if (error instanceof SystemError && error.status !== undefined && error.status < 300) {
    return new DataError(unknownErrorCode, dataMessages.serverInvalidResponse(), {
      ...base,
      wdeCode: 'WDE0055',
    });
  }
  return new DataError(
    unknownErrorCode,
    dataMessages.internalError(error.requestId ? `request-id: ${error.requestId}` : undefined),
    { ...base, wdeCode: 'WDE0053' },
  );
}

/** A hook threw its own error (WDE0078): the caller gets that error's name, message and code back. */
function hookError(error: ApplicationError): Error {
  const value = error.data.jsErrorValue;
  const thrown = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const message = String(thrown.message ?? thrown.description ?? error.description ?? error.message);
  const result = new DataError(typeof thrown.code === 'string' ? thrown.code : 'WDE0078', message, {
    wdeCode: 'WDE0078',
    status: error.status,
    requestId: error.requestId,
    details: { applicationError: { code: error.code, description: error.description, data: error.data } },
    cause: error,
  });
  if (typeof thrown.name === 'string') result.name = thrown.name;
  return result;
}
