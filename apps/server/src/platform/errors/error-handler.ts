import { platformErrorCodes, systemErrorMessage, type ErrorBody } from '@atrium/contract/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';
import type { AppShell } from '../http/web-app.ts';

const frameworkCodes: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: platformErrorCodes.payloadTooLarge,
    message: 'Request body is too large',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: platformErrorCodes.unsupportedMediaType,
    message: 'Unsupported Content-Type: send application/json',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: platformErrorCodes.invalidRequest,
    message: 'Body cannot be empty when Content-Type is application/json',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    code: platformErrorCodes.invalidRequest,
    message: 'Request body is not valid JSON',
  },
};

export function renderAppError(error: AppError): ErrorBody {
  if (error.options.fieldViolations) {
    // A module's own code (e.g. FORM_SUBMISSION_INVALID) travels beside the violations; the generic
    // INVALID_REQUEST stays implicit, as the wire shape of a plain validation error.
    const specific = error.code !== platformErrorCodes.invalidRequest;
    return {
      message: error.message,
      details: {
        validationError: { fieldViolations: error.options.fieldViolations },
        ...(specific ? { applicationError: { code: error.code, description: error.description } } : {}),
      },
    };
  }
  return {
    message: error.message,
    details: {
      applicationError: {
        code: error.code,
        description: error.description,
        ...(error.options.data ? { data: error.options.data } : {}),
      },
    },
  };
}

/** Turns anything thrown by a route into the wire shape; nothing internal ever reaches the caller. */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  const fastifyError = error as FastifyError;
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const known = fastifyError.code ? frameworkCodes[fastifyError.code] : undefined;
    if (known) return new AppError(status, known.code, known.message);
    if (error instanceof SyntaxError) {
      return new AppError(400, platformErrorCodes.invalidRequest, 'Request body is not valid JSON');
    }
    return new AppError(status, codeFromStatus(status), fastifyError.message || 'Bad request');
  }
  return undefined;
}

function codeFromStatus(status: number): string {
  if (status === 404) return platformErrorCodes.notFound;
  if (status === 401) return platformErrorCodes.unauthenticated;
  if (status === 403) return platformErrorCodes.forbidden;
  if (status === 409) return platformErrorCodes.conflict;
  if (status === 413) return platformErrorCodes.payloadTooLarge;
  if (status === 429) return platformErrorCodes.rateLimited;
  return platformErrorCodes.invalidRequest;
}

/** `appShell`: when it accepts the request for an unknown path, the web app's index.html answers instead of a 404. */
export function registerErrorHandling(app: FastifyInstance, options: { appShell?: AppShell } = {}): void {
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError) {
      if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
      for (const [name, value] of Object.entries(appError.options.headers ?? {})) reply.header(name, value);
      return reply.status(appError.status).send(renderAppError(appError));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(500)
      .send({ message: systemErrorMessage, requestId: String(request.id) } satisfies ErrorBody);
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (options.appShell?.accepts(request)) {
      const html = await options.appShell.htmlFor(request);
      return reply.type('text/html').header('cache-control', 'no-cache').send(html);
    }
    const error = new AppError(
      404,
      platformErrorCodes.routeNotFound,
      `No route ${request.method} ${request.url.split('?')[0]}`,
    );
    return reply.status(404).send(renderAppError(error));
  });
}
