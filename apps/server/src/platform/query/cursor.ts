import { createHmac, timingSafeEqual } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { platformErrorCodes } from '@atrium/contract/errors';
import { sortingSchema } from '@atrium/contract/query';
import { badRequest, type AppError } from '../errors/app-error.ts';

/**
 * What a cursor carries: the whole query (a next-page request sends only the cursor, as the contract's
 * clients do), the keyset position and the direction. `scope` ties it to one entity and, when the caller
 * gives one, one site or collection.
 */
const cursorPayloadSchema = z.object({
  v: z.literal(1),
  scope: z.string(),
  filter: z.record(z.string(), z.unknown()).nullable(),
  sort: z.array(sortingSchema),
  fields: z.array(z.string()).nullable(),
  /** What the caller's `carried` option gave on the first page (e.g. a text search), JSON. */
  carried: z.unknown().optional(),
  /** Sort-key values of the row the page starts after (or before, for `prev`), as PostgreSQL text. */
  position: z.array(z.string().nullable()),
  direction: z.enum(['next', 'prev']),
});
export type CursorPayload = z.infer<typeof cursorPayloadSchema>;

// Inflating is bounded, so even a validly signed but oversized cursor cannot exhaust memory.
const maxInflatedBytes = 1_000_000;

export function invalidCursor(): AppError {
  return badRequest(
    platformErrorCodes.invalidCursor,
    'The cursor is not valid for this query: it was changed, cut short or issued for another list',
  );
}

function sign(key: Uint8Array, body: string): Buffer {
  return createHmac('sha256', key).update('atrium-cursor:').update(body).digest();
}

/** `<deflated JSON, base64url>.<HMAC-SHA256, base64url>`: opaque to clients and tamper-evident. */
export function encodeCursor(key: Uint8Array, payload: CursorPayload): string {
  const body = deflateRawSync(Buffer.from(JSON.stringify(payload))).toString('base64url');
  return `${body}.${sign(key, body).toString('base64url')}`;
}

/** The payload of a cursor this deployment signed, or a 400 INVALID_CURSOR; never throws anything else. */
export function decodeCursor(key: Uint8Array, cursor: string, expectedScope: string): CursorPayload {
  const dot = cursor.lastIndexOf('.');
  if (dot <= 0) throw invalidCursor();
  const body = cursor.slice(0, dot);
  // Compared as text: base64url decoding ignores stray characters and spare bits, the text does not.
  const given = Buffer.from(cursor.slice(dot + 1));
  const expected = Buffer.from(sign(key, body).toString('base64url'));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalidCursor();
  let payload: unknown;
  try {
    const json = inflateRawSync(Buffer.from(body, 'base64url'), { maxOutputLength: maxInflatedBytes });
    payload = JSON.parse(json.toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  const parsed = cursorPayloadSchema.safeParse(payload);
  if (!parsed.success || parsed.data.scope !== expectedScope) throw invalidCursor();
  return parsed.data;
}
