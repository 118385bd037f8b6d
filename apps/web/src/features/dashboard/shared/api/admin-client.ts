import { createClient } from '@atrium/sdk';
import { team } from '@atrium/sdk/modules/admin/team';
import { bookings } from '@atrium/sdk/modules/bookings';
import { bookingBulkStatus } from '@atrium/sdk/modules/bookings/bulk-status';
import { bookingHistory } from '@atrium/sdk/modules/bookings/history';
import { identity } from '@atrium/sdk/modules/identity';
import { sites } from '@atrium/sdk/modules/sites';
import { webhooks } from '@atrium/sdk/modules/webhooks';
import { mail } from '@atrium/sdk/modules/mail';
import { staffAuth } from '../../../../lib/atrium-client.ts';

/**
 * The dashboard's own client: the same owner/staff session as the sign-in page (`staffAuth`), with the
 * management modules that the public site never loads (this file is only in the lazy dashboard chunk).
 * Only `api/` folders call it.
 */
export const admin = createClient({
  baseUrl: '',
  auth: staffAuth,
  modules: { bookings, bookingBulkStatus, bookingHistory, identity, mail, sites, team, webhooks },
});
