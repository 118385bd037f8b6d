import { z } from 'zod';

/** An IANA time-zone name (`Europe/London`), checked against the runtime's time-zone database. */
export const timeZoneSchema = z.string().refine(
  (value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  },
  { message: 'must be an IANA time zone such as Europe/London' },
);

export const idSchema = z.uuid();

/** `revision` is sent and returned as a string of digits, as the contract's clients do (int64 on the wire). */
export const revisionSchema = z
  .union([z.string().regex(/^\d+$/), z.number().int().nonnegative()])
  .transform(String);

export const emptyResponseSchema = z.object({});
