import type { RequestContext } from '../../../platform/context.ts';
import type { Tx } from '../../../platform/db/database.ts';
import { historyEntryOf } from './booking-history.service.ts';
import { bookingHistory } from './booking-history.tables.ts';
import { isBusinessCaller, toWireBooking } from './booking-wire.ts';
import type { BookingsCore } from './bookings.service.ts';
import type { RowsOf } from './bookings.repository.ts';
import type { BookingRow } from './bookings.tables.ts';
import {
  bookingMails,
  enqueueBookingMails,
  outgoingBookingMails,
  type BookingMailKind,
  type BookingMailStaff,
} from './notifications.ts';

type Notification = { notifyParticipants?: boolean | null; message?: string | null } | null | undefined;

/** A change to a booking, as afterChange records and announces it. */
export interface Change {
  event: string;
  row: BookingRow;
  previous?: BookingRow;
  mail?: BookingMailKind;
  notifyCustomer: boolean;
  message?: string | null;
  /** The staff member when already read in this transaction (null: none). */
  staff?: BookingMailStaff | null;
  /** Recorded in the booking's history beside the event (e.g. the attendance set). */
  details?: Record<string, unknown>;
  /** The history entry and the mails went in with the booking's own insert (`changeRows`). */
  rowsWritten?: boolean;
}

export function notifyCustomerOf(ctx: RequestContext, notification: Notification): boolean {
  // Customers hear about what they did themselves; the business chooses with participantNotification.
  if (!isBusinessCaller(ctx)) return true;
  return notification?.notifyParticipants === true;
}

/**
 * The change a requested transition announces: the customer is told as `notifyCustomerOf` decides, with
 * the business's message when it wrote one.
 */
export function notifyOf<Announced extends Omit<Partial<Change>, 'notifyCustomer' | 'message'>>(
  ctx: RequestContext,
  request: { participantNotification?: Notification },
  change: Announced,
): Announced & Pick<Change, 'notifyCustomer' | 'message'> {
  return {
    ...change,
    notifyCustomer: notifyCustomerOf(ctx, request.participantNotification),
    message: request.participantNotification?.message,
  };
}

/** The history entry, the event and the mails that go with every change to a booking. */
export function createBookingNotifications(core: BookingsCore) {
  const { deps, events, staffRepository, historyRepository } = core;

  async function staffOf(
    ctx: RequestContext,
    row: BookingRow,
    known: BookingMailStaff | null | undefined,
    tx: Tx,
  ): Promise<BookingMailStaff | null> {
    if (!deps.mail || !row.staffMemberId) return null;
    if (known !== undefined) return known;
    const member = await staffRepository.findById(ctx.site.id, row.staffMemberId, tx);
    return member ? { name: member.name, email: member.email } : null;
  }

  async function afterChange(ctx: RequestContext, tx: Tx, change: Change): Promise<void> {
    const booking = toWireBooking(change.row);
    if (!change.rowsWritten) await historyRepository.append(historyEntryOf(ctx, change), tx);
    await events.emit(tx, {
      name: change.event,
      siteId: ctx.site.id,
      data: change.previous ? { booking, previousBooking: toWireBooking(change.previous) } : { booking },
    });
    if (!change.rowsWritten)
      await enqueueBookingMails(deps.mail, ctx.site.id, await changeMails(ctx, tx, change), tx);
  }

  async function changeMails(ctx: RequestContext, tx: Tx, change: Change) {
    if (!change.mail || !deps.mail) return [];
    const toCustomer = change.notifyCustomer && Boolean(change.row.contactDetails?.email);
    return bookingMails({
      kind: change.mail,
      booking: change.row,
      site: ctx.site,
      notifyCustomer: change.notifyCustomer,
      staff: await staffOf(ctx, change.row, change.staff, tx),
      // Only the business writes to customers: a visitor's message would go to any address they typed.
      message: isBusinessCaller(ctx) ? change.message : null,
      guestLink: toCustomer ? await deps.guestLinkOf?.(ctx.site, change.row.id, ctx.now()) : null,
    });
  }

  /**
   * What afterChange writes besides the event and the reminder (the history entry and the mails), for
   * the create path to write in the booking's own insert: two statements fewer per booking.
   */
  async function changeRows(ctx: RequestContext, tx: Tx, change: Change): Promise<RowsOf[]> {
    const rows: RowsOf[] = [{ table: bookingHistory, rows: [historyEntryOf(ctx, change)] }];
    const mails = await changeMails(ctx, tx, change);
    if (deps.mail && mails.length > 0) {
      rows.push(deps.mail.outboxRows(outgoingBookingMails(ctx.site.id, mails)));
    }
    return rows;
  }

  return { staffOf, afterChange, changeMails, changeRows };
}

export type BookingNotifications = ReturnType<typeof createBookingNotifications>;
