import type { FastifyRouteSchemaDef } from 'fastify/types/schema.js';
import { serializerCompiler } from 'fastify-type-provider-zod';

/**
 * The serializer of a hot or large read whose answer its service builds field by field (availability,
 * product pages and lists, data items): zod's encode walks every node of the answer, which for a month of
 * availability (7,000 entries, 3.5 MB) cost more server time than working out the slots (≈70 ms of CPU and
 * as much again in garbage collection a request). The 200 answer is written as it is; each such route's
 * tests hold its answers to the schema (encoding them changes nothing). Other statuses stay checked.
 */
export function builtAnswerSerializer<T>(route: FastifyRouteSchemaDef<T>): (data: unknown) => string {
  if (String(route.httpStatus) === '200') return (data) => JSON.stringify(data);
  return serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
}
