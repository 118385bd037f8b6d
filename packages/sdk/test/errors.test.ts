import { describe, expect, it } from 'vitest';
import {
  ApplicationError,
  AtriumError,
  InvalidArgumentError,
  SystemError,
  translateError,
} from '../src/errors.ts';
import { toUpperSnake } from '../src/errors.ts';

describe('translateError', () => {
  it('turns a 400 with field violations into an invalid-argument error sorted by field', () => {
    const error = translateError({
      status: 400,
      statusText: 'Bad Request',
      requestId: 'req-1',
      body: {
        message: 'Invalid site.timezone',
        details: {
          validationError: {
            fieldViolations: [
              { field: 'site.timezone', description: 'must be an IANA time zone', violatedRule: 'FORMAT' },
              { field: 'site.currency', description: 'must be an ISO-4217 code', violatedRule: 'FORMAT' },
              { field: 'site.name', description: 'too long', violatedRule: 'MAX_LENGTH' },
            ],
          },
        },
      },
    });
    expect(error).toBeInstanceOf(InvalidArgumentError);
    expect(error).toBeInstanceOf(AtriumError);
    expect(error).toBeInstanceOf(Error);
    const invalid = error as InvalidArgumentError;
    expect(invalid.code).toBe('INVALID_ARGUMENT');
    expect(invalid.status).toBe(400);
    expect(invalid.requestId).toBe('req-1');
    expect(invalid.fieldViolations.map((violation) => violation.field)).toEqual([
      'site.currency',
      'site.name',
      'site.timezone',
    ]);
    expect(invalid.message).toBe(
      'INVALID_ARGUMENT: "site.currency" must be an ISO-4217 code, "site.name" too long, "site.timezone" must be an IANA time zone',
    );
    expect(invalid.fieldViolations[0]).toMatchObject({ violatedRule: 'FORMAT' });
  });

  it('keeps code, description and data of an application error and joins message and description', () => {
    const error = translateError({
      status: 409,
      statusText: 'Conflict',
      requestId: 'req-2',
      body: {
        message: 'Slot taken',
        details: {
          applicationError: { code: 'SLOT_TAKEN', description: 'Pick another time', data: { slotId: 's1' } },
        },
      },
    });
    expect(error).toBeInstanceOf(ApplicationError);
    const application = error as ApplicationError;
    expect(application.code).toBe('SLOT_TAKEN');
    expect(application.description).toBe('Pick another time');
    expect(application.data).toEqual({ slotId: 's1' });
    expect(application.message).toBe('Slot taken: Pick another time');
    expect(application.status).toBe(409);
    expect(application.requestId).toBe('req-2');
  });

  it('does not repeat a description that is the message itself', () => {
    const error = translateError({
      status: 404,
      statusText: 'Not Found',
      body: {
        message: 'Site x not found',
        details: { applicationError: { code: 'NOT_FOUND', description: 'Site x not found' } },
      },
    });
    expect(error.message).toBe('Site x not found');
    expect((error as ApplicationError).data).toEqual({});
  });

  it('turns another 4xx into an application error named after the status text', () => {
    const error = translateError({
      status: 418,
      statusText: "I'm a Teapot",
      body: undefined,
      requestId: 'r',
    });
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error.code).toBe('I_M_A_TEAPOT');
    expect((error as ApplicationError).description).toBe("I'm a Teapot");
    expect(error.requestId).toBe('r');
  });

  it('uses the standard reason phrase when the response has no status text', () => {
    const error = translateError({ status: 404, statusText: '', body: '<html>gateway</html>' });
    expect(error.code).toBe('NOT_FOUND');
    expect((error as ApplicationError).description).toBe('Not Found');
    expect(error.message).toBe('Not Found');
  });

  it('turns a 5xx into "System error occurred" with the request id', () => {
    const error = translateError({
      status: 500,
      statusText: 'Internal Server Error',
      requestId: 'abc-123',
      body: { message: 'System error occurred', requestId: 'abc-123' },
    });
    expect(error).toBeInstanceOf(SystemError);
    expect(error.code).toBe('SYSTEM_ERROR');
    expect(error.message).toBe('System error occurred, request-id: abc-123');
    expect(error.requestId).toBe('abc-123');
  });

  it('reads the request id from the body when the header is missing, and omits it when there is none', () => {
    expect(translateError({ status: 502, statusText: '', body: { requestId: 'body-id' } }).message).toBe(
      'System error occurred, request-id: body-id',
    );
    expect(translateError({ status: 503, statusText: '', body: undefined }).message).toBe(
      'System error occurred',
    );
  });

  it('keeps an application error carried by a 5xx', () => {
    const error = translateError({
      status: 503,
      statusText: 'Service Unavailable',
      body: {
        message: 'Down',
        details: { applicationError: { code: 'MAINTENANCE', description: 'Back soon' } },
      },
    });
    expect(error).toBeInstanceOf(ApplicationError);
    expect(error.code).toBe('MAINTENANCE');
  });
});

describe('toUpperSnake', () => {
  it.each([
    ['Not Found', 'NOT_FOUND'],
    ['Too Many Requests', 'TOO_MANY_REQUESTS'],
    ['Payload Too Large', 'PAYLOAD_TOO_LARGE'],
    ["I'm a teapot", 'I_M_A_TEAPOT'],
    ['  Request-URI Too Long ', 'REQUEST_URI_TOO_LONG'],
  ])('derives %s -> %s', (text, code) => {
    expect(toUpperSnake(text)).toBe(code);
  });
});
