import type { FieldViolation } from '@atrium/contract/errors';

/**
 * Base class of every error the SDK throws. `code` is stable: branch on it (or on `instanceof`), never on
 * the message text.
 */
export class AtriumError extends Error {
  readonly code: string;
  /** HTTP status of the failed call, when the error came from a response. */
  readonly status?: number;
  /** The server's `x-request-id` (or the body's `requestId`), to quote when reporting a problem. */
  readonly requestId?: string;

  constructor(
    code: string,
    message: string,
    options: { status?: number; requestId?: string; cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = options.status;
    this.requestId = options.requestId;
  }
}

/**
 * A 400 with field violations; `fieldViolations` is sorted by field. When the server also named an
 * application code for them (e.g. `FORM_SUBMISSION_INVALID`), it is in `applicationError`.
 */
export class InvalidArgumentError extends AtriumError {
  readonly fieldViolations: readonly FieldViolation[];
  readonly applicationError?: { code: string; description: string; data: Record<string, unknown> };

  constructor(
    fieldViolations: readonly FieldViolation[],
    options: {
      status?: number;
      requestId?: string;
      applicationError?: { code: string; description: string; data: Record<string, unknown> };
    } = {},
  ) {
    const sorted = [...fieldViolations].sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
    const listed = sorted.map((violation) => `"${violation.field}" ${violation.description}`).join(', ');
    super('INVALID_ARGUMENT', `INVALID_ARGUMENT: ${listed}`, options);
    this.fieldViolations = sorted;
    if (options.applicationError) this.applicationError = options.applicationError;
  }
}

/** A business outcome the server reported (not found, stale revision, slot taken...). */
export class ApplicationError extends AtriumError {
  readonly description: string;
  readonly data: Record<string, unknown>;

  constructor(
    details: { code: string; message: string; description: string; data?: Record<string, unknown> },
    options: { status?: number; requestId?: string } = {},
  ) {
    // The server often repeats its message as the description; joining identical text would read twice.
    const message =
      details.description && details.description !== details.message
        ? `${details.message}: ${details.description}`
        : details.message || details.description;
    super(details.code, message, options);
    this.description = details.description;
    this.data = details.data ?? {};
  }
}

/** A 5xx, a network failure or an unreadable answer: nothing the caller can fix by changing the request. */
export class SystemError extends AtriumError {
  constructor(options: { status?: number; requestId?: string; cause?: unknown } = {}) {
    super(
      'SYSTEM_ERROR',
      options.requestId ? `System error occurred, request-id: ${options.requestId}` : 'System error occurred',
      options,
    );
  }
}

/** A module function was called with no client bound and no ambient context enabled. */
export class ContextNotAvailableError extends AtriumError {
  constructor() {
    super('CONTEXT_NOT_AVAILABLE', 'context is not available');
  }
}

/** `next()` or `prev()` on a page that has no such neighbour. */
export class PagingError extends AtriumError {}

/** A token request failed, or an OAuth or PKCE step was given something it cannot use. */
export class AuthError extends AtriumError {}

/** Standard reason phrases, for responses that carry none (HTTP/2 has no status text). */
const reasonPhrases: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
};

/** `"Not Found"` → `"NOT_FOUND"`, `"I'm a teapot"` → `"I_M_A_TEAPOT"`. */
export function toUpperSnake(text: string): string {
  return text
    .trim()
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toUpperCase();
}

export interface FailedResponse {
  status: number;
  statusText: string;
  /** The parsed JSON body, or undefined when it was empty or not JSON. */
  body: unknown;
  requestId?: string;
}

/**
 * The client-side translation of a failed call (spec bookings-identity §8): field violations become an
 * InvalidArgumentError, an application error keeps code/description/data, any other 4xx becomes an
 * ApplicationError named after its status text, anything else a SystemError.
 */
export function translateError(response: FailedResponse): AtriumError {
  const body = asRecord(response.body);
  const details = asRecord(body?.details);
  const bodyMessage = typeof body?.message === 'string' ? body.message : undefined;
  const requestId = response.requestId ?? (typeof body?.requestId === 'string' ? body.requestId : undefined);
  const options = { status: response.status, requestId };
  const clientError = response.status >= 400 && response.status < 500;
  const violations = asRecord(details?.validationError)?.fieldViolations;
  const application = asRecord(details?.applicationError);
  if (clientError && Array.isArray(violations)) {
    return new InvalidArgumentError(violations.map(toViolation), {
      ...options,
      ...(application && typeof application.code === 'string'
        ? {
            applicationError: {
              code: application.code,
              description: typeof application.description === 'string' ? application.description : '',
              data: asRecord(application.data) ?? {},
            },
          }
        : {}),
    });
  }
  if (application && typeof application.code === 'string') {
    return new ApplicationError(
      {
        code: application.code,
        message: bodyMessage ?? '',
        description: typeof application.description === 'string' ? application.description : '',
        data: asRecord(application.data),
      },
      options,
    );
  }
  if (clientError) {
    const statusText = response.statusText || reasonPhrases[response.status] || `HTTP ${response.status}`;
    return new ApplicationError(
      { code: toUpperSnake(statusText), message: bodyMessage ?? statusText, description: statusText },
      options,
    );
  }
  return new SystemError(options);
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function toViolation(value: unknown): FieldViolation {
  const violation = asRecord(value) ?? {};
  return {
    ...violation,
    field: String(violation.field ?? ''),
    description: String(violation.description ?? ''),
    violatedRule: (violation.violatedRule ?? 'VALIDATION') as FieldViolation['violatedRule'],
  };
}
