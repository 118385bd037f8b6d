import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from '../errors/app-error.ts';
import { platformErrorCodes } from '@atrium/contract/errors';

const maxEncodedRequestLength = 64 * 1024;

/** Decodes the `.r` parameter: base64url (no padding) JSON of the whole request. */
export function decodeDotR(encoded: string): Record<string, unknown> {
  if (encoded.length > maxEncodedRequestLength || !/^[A-Za-z0-9_-]*={0,2}$/.test(encoded)) {
    throw badRequest(platformErrorCodes.invalidRequest, 'Query parameter .r must be base64url-encoded JSON');
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(platformErrorCodes.invalidRequest, 'Query parameter .r must be base64url-encoded JSON');
  }
  if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) {
    throw badRequest(platformErrorCodes.invalidRequest, 'Query parameter .r must encode a JSON object');
  }
  return decoded as Record<string, unknown>;
}

export function encodeDotR(request: unknown): string {
  return Buffer.from(JSON.stringify(request), 'utf8').toString('base64url');
}

/**
 * Wire rules every route inherits: a GET may carry its whole request in `.r`, and path parameters repeated
 * in the query string are ignored (the path wins).
 */
export function registerWireRules(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    let query = (request.query ?? {}) as Record<string, unknown>;
    const encoded = query['.r'];
    if (encoded !== undefined) {
      if (typeof encoded !== 'string') {
        throw badRequest(platformErrorCodes.invalidRequest, 'Query parameter .r may appear only once');
      }
      const { '.r': _ignored, ...rest } = query;
      query = { ...rest, ...decodeDotR(encoded) };
    }
    const params = (request.params ?? {}) as Record<string, unknown>;
    const pathNames = Object.keys(params);
    if (pathNames.length > 0 || encoded !== undefined) {
      const cleaned: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(query)) if (!pathNames.includes(key)) cleaned[key] = value;
      request.query = cleaned;
    }
  });
}
