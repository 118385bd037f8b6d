import type { Site } from '@atrium/contract/sites';
import { iso } from '../catalogue-shared.ts';
import type { BookingsCore } from './bookings.service.ts';
import { bookingMails, enqueueBookingMails } from './notifications.ts';

/** The cron job that sends the reminders that are due (every minute). */
export const reminderSweepName = 'bookings.send-reminders';

/**
 * The reminder sweep (a cron job each minute): every confirmed booking gets one reminder for each
 * start it holds, `reminderLeadMinutes` before it, unless it was made after that time. Each batch
 * claims its bookings and writes their mails in one transaction; SMS go out after it commits.
 * Returns how many bookings were reminded.
 */
export async function sendDueReminders(core: BookingsCore, now: Date): Promise<number> {
  const { deps, database, repository } = core;
  const batchSize = 200;
  // Sites are read before the transactions (a site lookup inside one would wait for it on the
  // embedded database's single connection); a site that gets due meanwhile waits for the next sweep.
  const sites = new Map<string, Site>();
  for (const siteId of await repository.sitesWithDueReminders(now, deps.reminderLeadMinutes)) {
    const site = await deps.findSite(siteId);
    if (site) sites.set(siteId, site);
  }
  let reminded = 0;
  for (;;) {
    const batch = await database.transaction(async (tx) => {
      const rows = await repository.claimDueReminders(
        now,
        deps.reminderLeadMinutes,
        [...sites.keys()],
        batchSize,
        tx,
      );
      for (const row of rows) {
        const site = sites.get(row.siteId)!;
        const mails = bookingMails({
          kind: 'reminder',
          booking: row,
          site,
          notifyCustomer: true,
          staff: null,
          guestLink: await deps.guestLinkOf?.(site, row.id, now),
        });
        await enqueueBookingMails(deps.mail, row.siteId, mails, tx);
      }
      return rows;
    });
    for (const row of batch) {
      const phone = row.contactDetails?.phone;
      if (row.sendSmsReminder && typeof phone === 'string') {
        await deps.sms.send({
          siteId: row.siteId,
          to: phone,
          text: `Reminder: ${row.title ?? 'your booking'} at ${iso(row.startDate)}`,
        });
      }
    }
    reminded += batch.length;
    if (batch.length < batchSize) return reminded;
  }
}
