import type { FastifyInstance } from 'fastify';
import { invalid } from '../errors/app-error.ts';

const lonelySurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this text faithfully (`text` refuses NUL, `jsonb` lone surrogates), or undefined. */
export function unsafeTextReason(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain the NUL character';
  if (lonelySurrogate.test(value)) return 'must be well-formed Unicode text';
  return undefined;
}

/**
 * Whether `value` is data a parser made (JSON, query string, path parameters: objects of any prototype
 * the parsers use) rather than a stream, emitter or buffer a route takes as its body (an upload).
 */
function isParsedObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  return (
    typeof (value as { on?: unknown }).on !== 'function' &&
    typeof (value as { pipe?: unknown }).pipe !== 'function'
  );
}

/**
 * The first string (value or object key) in `root` that PostgreSQL could not store, with its path. Walks
 * with a stack, not recursion, so no nesting depth can overflow it.
 */
export function findUnsafeText(
  root: unknown,
  prefix = '',
): { field: string; description: string } | undefined {
  const stack: Array<[unknown, string]> = [[root, prefix]];
  const seen = new WeakSet<object>();
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      const reason = unsafeTextReason(value);
      if (reason) return { field: path || 'request', description: reason };
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => stack.push([item, `${path}[${index}]`]));
    } else if (isParsedObject(value) && !seen.has(value)) {
      seen.add(value);
      for (const [key, item] of Object.entries(value)) {
        const child = path ? `${path}.${key}` : key;
        const reason = unsafeTextReason(key);
        if (reason) return { field: child, description: `field name ${reason}` };
        stack.push([item, child]);
      }
    }
  }
  return undefined;
}

/**
 * Every route refuses text the database cannot hold, in the body, the query string (after `.r` is
 * decoded) and the path, with a 400 naming the field, before any module sees it: no module has to
 * remember, and no such string reaches a statement (where it would be a 500).
 */
export function registerTextSafety(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    const found =
      findUnsafeText(request.params) ?? findUnsafeText(request.query) ?? findUnsafeText(request.body);
    if (found) {
      throw invalid([{ field: found.field, description: found.description, violatedRule: 'FORMAT' }]);
    }
  });
}
