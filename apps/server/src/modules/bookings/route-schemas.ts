import { z } from 'zod';

export const emptyResponse = z.object({});
export const countResponseSchema = z.object({ count: z.number().int() });
export const countBodySchema = z.object({ filter: z.record(z.string(), z.unknown()).nullish() });
