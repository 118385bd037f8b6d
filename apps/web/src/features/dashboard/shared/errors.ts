import { AtriumError } from '@atrium/sdk';
import { t } from './strings.ts';

/** A message a person can act on, from whatever a call threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof AtriumError) {
    if (error.status === 403) return t.common.forbidden;
    return error.message || t.common.failed;
  }
  return error instanceof Error ? error.message : t.common.failed;
}

export function errorCode(error: unknown): string | undefined {
  return error instanceof AtriumError ? error.code : undefined;
}
