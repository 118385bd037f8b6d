import type { FieldViolation, ViolatedRule } from '@atrium/contract/errors';
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { invalid, type AppError } from '../errors/app-error.ts';

/** `service.name`, `services[2].price`: the field paths the contract's clients show to people. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const part of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<PropertyKey, unknown>)[part];
  }
  return current;
}

function ruleOf(issue: z.core.$ZodIssue, input: unknown): ViolatedRule {
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(input, issue.path) === undefined ? 'REQUIRED_FIELD' : 'VALIDATION';
    case 'too_big':
      if (issue.origin === 'string') return 'MAX_LENGTH';
      if (issue.origin === 'array' || issue.origin === 'set') return 'MAX_SIZE';
      return 'MAX';
    case 'too_small':
      if (issue.origin === 'string') return 'MIN_LENGTH';
      if (issue.origin === 'array' || issue.origin === 'set') return 'MIN_SIZE';
      return 'MIN';
    case 'invalid_format':
      return 'FORMAT';
    case 'invalid_value':
      return 'INVALID_ENUM_VALUE';
    case 'unrecognized_keys':
      return 'FIELD_NOT_ALLOWED';
    default:
      return 'VALIDATION';
  }
}

function describe(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined) return 'is required';
  return issue.message;
}

export function zodIssuesToViolations(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  prefix: PropertyKey[] = [],
) {
  const violations: FieldViolation[] = issues.map((issue) => ({
    field: formatFieldPath([...prefix, ...issue.path]),
    description: describe(issue, input),
    violatedRule: ruleOf(issue, input),
  }));
  return violations.sort((a, b) => a.field.localeCompare(b.field));
}

/** Validates `data` with a schema, throwing the 400 of platform.md; used where Fastify's own validation cannot run. */
export function parseOrThrow<Schema extends z.ZodType>(schema: Schema, data: unknown): z.output<Schema> {
  const result = schema.safeParse(data);
  if (!result.success) throw invalid(zodIssuesToViolations(result.error.issues, data));
  return result.data;
}

/** Fastify validator: zod schemas, failing with the AppError the error handler renders. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data): { value: unknown } | { error: AppError } => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    return { error: invalid(zodIssuesToViolations(result.error.issues, data)) };
  };
