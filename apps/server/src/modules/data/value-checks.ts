import type { DataFieldType } from '@atrium/contract/data';

export { canonicalDate, isPlainObject } from '../../platform/query/parse-filter.ts';

const lonelySurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why PostgreSQL could not store this text faithfully, or undefined when it can. */
export function checkTextSafe(value: string): string | undefined {
  if (value.includes('\u0000')) return 'must not contain the NUL character';
  if (lonelySurrogate.test(value)) return 'must be well-formed Unicode text';
  return undefined;
}

/**
 * Schemes a link field may hold. Clients render URL and IMAGE values as `href` and `src`, so `javascript:`,
 * `data:` and the like would run script in whoever opens the item. IMAGE also takes the platform's media
 * form (`wix:image://v1/<id>/...`), which the official clients write for uploaded images.
 */
const linkSchemes: Partial<Record<DataFieldType, readonly string[]>> = {
  URL: ['http:', 'https:'],
  IMAGE: ['http:', 'https:', 'wix:'],
};

/**
 * Why a URL or IMAGE field may not hold this text, or undefined when it may (an empty string clears it).
 * The description names the field, since a patch reports it at the modification's path.
 */
export function checkLink(field: { key: string; type: DataFieldType }, value: string): string | undefined {
  const schemes = linkSchemes[field.type];
  if (!schemes || value === '') return undefined;
  const allowed = field.type === 'IMAGE' ? 'an http:, https: or wix:image:// URL' : 'an http: or https: URL';
  const refusal = `must be ${allowed} (${field.type} field ${field.key})`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return refusal;
  }
  const ok = url.protocol === 'wix:' ? value.startsWith('wix:image://') : true;
  return ok && schemes.includes(url.protocol) ? undefined : refusal;
}
