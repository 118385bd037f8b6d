import type { FastifyRequest } from 'fastify';

export const maskedSegment = '[redacted]';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A long run of base64url or hex with a letter and a digit in it, optionally with a file extension. */
const randomTokenPattern = /^(?=[^.]*[A-Za-z])(?=[^.]*\d)[A-Za-z0-9_-]{20,}(\.[a-z0-9]{1,8})?$/;
/** Path segments that name a secret whatever it looks like: the segment after `feeds` is an ICS feed token. */
const secretAfter = new Set(['feeds']);

/** Tokens the platform issues under a prefix of its own (`bgt_`: a booking's guest link, dots and all). */
const issuedTokenPattern = /^bgt_/;

function looksLikeSecret(segment: string): boolean {
  if (issuedTokenPattern.test(segment)) return true;
  return !uuidPattern.test(segment) && randomTokenPattern.test(segment);
}

/**
 * The path of a URL for the logs: no query string (recovery, invitation and session tokens travel
 * there, as does a GET form's whole request in `.r`) and secret-looking segments masked.
 */
export function loggablePath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  const segments = path.split('/');
  return segments
    .map((segment, index) => {
      if (segment === '') return segment;
      const previous = index > 0 ? segments[index - 1]! : '';
      if (secretAfter.has(previous.toLowerCase())) return maskedSegment;
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // Malformed escapes are logged as sent (and still checked below).
      }
      return looksLikeSecret(decoded) ? maskedSegment : segment;
    })
    .join('/');
}

/** pino serializer of `req`: what a request log line says about the request, and nothing more. */
export function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggablePath(request.url),
    host: request.host,
    remoteAddress: request.ip,
  };
}
