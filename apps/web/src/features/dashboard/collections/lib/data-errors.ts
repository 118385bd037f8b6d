import type { FieldViolation } from '@atrium/contract/errors';
import { DataError, unknownErrorCode } from '@atrium/sdk/modules/data';
import { t } from '../strings.ts';
import { errorMessage } from '../../shared/errors.ts';

/**
 * A message a person can act on. The data SDK reports a network failure or a server fault as WDE0053 with
 * an internal wording, which says nothing to an owner; everything else keeps the server's own message.
 */
export function dataErrorMessage(error: unknown): string {
  if (error instanceof DataError && error.code === unknownErrorCode) return t.collections.unreachable;
  return errorMessage(error);
}

/** The server's field violations of a failed data call (empty for any other failure). */
export function violationsOf(error: unknown): readonly FieldViolation[] {
  return error instanceof DataError ? error.violations : [];
}

/**
 * Violations keyed by path with the request's wrapper taken off (`collection.fields[2].key` → `fields[2].key`,
 * `dataItem.data.views` → `views`), so a form can put each message on its own input.
 */
export function violationMap(error: unknown, prefixes: readonly string[]): Record<string, string> {
  const map: Record<string, string> = {};
  for (const violation of violationsOf(error)) {
    let path = violation.field;
    for (const prefix of prefixes) {
      if (path.startsWith(prefix)) {
        path = path.slice(prefix.length);
        break;
      }
    }
    map[path] ??= violation.description;
  }
  return map;
}
