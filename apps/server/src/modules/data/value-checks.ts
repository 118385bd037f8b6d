export { canonicalDate, isPlainObject } from '../../platform/query/parse-filter.ts';

const lonelySurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this text faithfully, or undefined when it can. */
export function checkTextSafe(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain the NUL character';
  if (lonelySurrogate.test(value)) return 'must be well-formed Unicode text';
  return undefined;
}
