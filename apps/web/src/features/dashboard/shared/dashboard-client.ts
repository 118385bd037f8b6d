import { AtriumError, createClient } from '@atrium/sdk';
import { team } from '@atrium/sdk/modules/admin/team';
import { bookings } from '@atrium/sdk/modules/bookings';
import { bookingBulkStatus } from '@atrium/sdk/modules/bookings/bulk-status';
import { bookingHistory } from '@atrium/sdk/modules/bookings/history';
import { identity } from '@atrium/sdk/modules/identity';
import { sites } from '@atrium/sdk/modules/sites';
import { staffAuth } from '../../../lib/atrium-client.ts';
import { t } from './strings.ts';

/**
 * The dashboard's own client: the same owner/staff session as the sign-in page (`staffAuth`), with the
 * management modules that the public site never loads (this file is only in the lazy dashboard chunk).
 */
export const admin = createClient({
  baseUrl: '',
  auth: staffAuth,
  modules: { bookings, bookingBulkStatus, bookingHistory, identity, sites, team },
});

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
