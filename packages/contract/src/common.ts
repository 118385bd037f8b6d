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

/** Money travels as a decimal string (`"10.50"`), never a float. */
export const decimalStringSchema = z
  .string()
  .regex(/^-?\d{1,15}(\.\d{1,6})?$/, 'must be a decimal string such as "10.50"');

export const currencySchema = z.string().regex(/^[A-Z]{3}$/, 'must be an ISO-4217 code such as USD');

export const idSchema = z.uuid();

/** `revision` is sent and returned as a string of digits, as the contract's clients do (int64 on the wire). */
export const revisionSchema = z
  .union([z.string().regex(/^\d+$/), z.number().int().nonnegative()])
  .transform(String);

export const emptyResponseSchema = z.object({});
