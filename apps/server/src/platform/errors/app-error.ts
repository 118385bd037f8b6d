import { platformErrorCodes, type FieldViolation, type ViolatedRule } from '@atrium/contract/errors';
import { sitesErrorCodes } from '@atrium/contract/sites';

/**
 * The one error type modules throw. `code` is stable and is what clients branch on; `message` names the
 * ids involved. The error handler turns it into the wire shape of platform.md.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly options: {
      description?: string;
      data?: Record<string, unknown>;
      fieldViolations?: FieldViolation[];
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }

  get description(): string {
    return this.options.description ?? this.message;
  }
}

export function invalid(violations: FieldViolation[], message = describeViolations(violations)): AppError {
  return new AppError(400, platformErrorCodes.invalidRequest, message, { fieldViolations: violations });
}

export function invalidField(
  field: string,
  description: string,
  violatedRule: ViolatedRule = 'VALIDATION',
): AppError {
  return invalid([{ field, description, violatedRule }]);
}

/** A 400 that is about the request as a whole rather than one field. */
export function badRequest(code: string, message: string, data?: Record<string, unknown>): AppError {
  return new AppError(400, code, message, { data });
}

export function notFound(entity: string, id?: string, code: string = platformErrorCodes.notFound): AppError {
  return new AppError(404, code, id ? `${entity} ${id} not found` : `${entity} not found`, {
    data: id ? { id } : undefined,
  });
}

export function conflict(code: string, message: string, data?: Record<string, unknown>): AppError {
  return new AppError(409, code, message, { data });
}

export function staleRevision(
  entity: string,
  id: string,
  expected: number | string,
  actual: number,
): AppError {
  return conflict(
    platformErrorCodes.staleRevision,
    `${entity} ${id} has revision ${actual}, not ${expected}: reload it and try again`,
    { id, currentRevision: String(actual) },
  );
}

export function unauthenticated(message = 'Missing or invalid credentials'): AppError {
  return new AppError(401, platformErrorCodes.unauthenticated, message);
}

/** The operator disabled the site: its credentials and pages are refused until it is enabled again. */
export function siteUnavailable(): AppError {
  return new AppError(403, sitesErrorCodes.siteUnavailable, 'This site is unavailable');
}

export function forbidden(message = 'You are not allowed to do this'): AppError {
  return new AppError(403, platformErrorCodes.forbidden, message);
}

export function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(
    429,
    platformErrorCodes.rateLimited,
    `Too many requests: try again in ${retryAfterSeconds} s`,
    {
      headers: { 'retry-after': String(retryAfterSeconds) },
      data: { retryAfterSeconds },
    },
  );
}

function describeViolations(violations: FieldViolation[]): string {
  if (violations.length === 0) return 'Invalid request';
  const first = violations[0]!;
  const rest = violations.length > 1 ? ` (and ${violations.length - 1} more)` : '';
  return `Invalid ${first.field || 'request'}: ${first.description}${rest}`;
}
