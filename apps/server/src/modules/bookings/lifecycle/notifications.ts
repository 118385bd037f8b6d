import ical from 'ical-generator';
import type { Executor } from '../../../platform/db/database.ts';
import type { MailService, OutgoingMail } from '../../../platform/mail/mail.service.ts';
import type { BookingRow } from './bookings.tables.ts';

export type BookingMailKind =
  'confirmation' | 'pending' | 'declined' | 'canceled' | 'rescheduled' | 'reminder';

export interface BookingMail {
  to: string;
  subject: string;
  text: string;
  kind: string;
  /** Calendar file of a confirmation (booking.ics). */
  ics?: string;
}

const subjects: Record<BookingMailKind, string> = {
  confirmation: 'Your booking is confirmed',
  pending: 'Your booking request was received',
  declined: 'Your booking was declined',
  canceled: 'Your booking was canceled',
  rescheduled: 'Your booking was rescheduled',
  reminder: 'Reminder: your upcoming booking',
};

const businessSubjects: Record<BookingMailKind, string> = {
  confirmation: 'New booking',
  pending: 'Booking waiting for your approval',
  declined: 'Booking declined',
  canceled: 'Booking canceled',
  rescheduled: 'Booking rescheduled',
  reminder: 'Upcoming booking',
};

/** The .ics of a booking: one event, its uid the booking id so a calendar updates it on reschedule. */
export function bookingIcs(booking: BookingRow, siteName: string): string {
  const calendar = ical({ name: siteName, prodId: { company: 'Atrium', product: 'bookings' } });
  calendar.createEvent({
    id: booking.id,
    sequence: booking.revision,
    start: booking.startDate,
    end: booking.endDate,
    summary: booking.title ?? 'Booking',
    description: `Booking ${booking.id}`,
    location:
      (booking.location?.formattedAddress as string | undefined) ??
      (booking.location?.name as string | undefined),
  });
  return calendar.toString();
}

function describeBooking(booking: BookingRow): string {
  const when = `${booking.startDate.toISOString()} - ${booking.endDate.toISOString()} (${booking.timezone})`;
  return [
    `${booking.title ?? 'Booking'}`,
    `When: ${when}`,
    `Participants: ${booking.totalParticipants}`,
    `Booking id: ${booking.id}`,
    `Status: ${booking.status}`,
  ].join('\n');
}

/** A URL or a domain name (`evil.example`, `www.`, `http:`), which mail clients show as a link. */
const linkLike = /[a-z][a-z0-9+.-]*:\/\/|www\.|[a-z0-9-]\.[a-z]{2,}|[<>]/i;

/**
 * A customer-typed name as it may appear in a mail the site sends: one line, at most 100 characters,
 * and nothing a mail client would turn into a link. Visitors choose both the name and the address a
 * booking mails, so a name like "Claim your refund at evil.example" would be phishing in our name;
 * such a name is left out. Booking mails are plain text (no HTML part), so no markup is ever rendered.
 */
export function mailSafeName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = value.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  if (line === '' || line.length > 100 || linkLike.test(line)) return undefined;
  return line;
}

/** The mails of one change: to the customer (when asked to notify) and to the business. */
export function bookingMails(args: {
  kind: BookingMailKind;
  booking: BookingRow;
  siteName: string;
  notifyCustomer: boolean;
  businessEmail: string | null;
  message?: string | null;
}): BookingMail[] {
  const { kind, booking } = args;
  const mails: BookingMail[] = [];
  const customerEmail = booking.contactDetails?.email as string | undefined;
  const body = describeBooking(booking);
  const ics =
    kind === 'confirmation' || kind === 'rescheduled' ? bookingIcs(booking, args.siteName) : undefined;
  if (args.notifyCustomer && customerEmail) {
    const firstName = mailSafeName(booking.contactDetails?.firstName);
    const greeting = firstName ? `Hello ${firstName},` : 'Hello,';
    mails.push({
      to: customerEmail,
      subject: `${subjects[kind]} - ${args.siteName}`,
      text: [greeting, '', subjects[kind] + '.', '', body, ...(args.message ? ['', args.message] : [])].join(
        '\n',
      ),
      kind: `bookings.${kind}`,
      ...(ics ? { ics } : {}),
    });
  }
  if (args.businessEmail && kind !== 'reminder') {
    const contact = booking.contactDetails ?? {};
    const who =
      mailSafeName([contact.firstName, contact.lastName].filter(Boolean).join(' ')) ??
      (typeof contact.email === 'string' && /^[^\s@<>]{1,64}@[^\s@<>]{1,190}$/.test(contact.email)
        ? contact.email
        : 'a customer');
    mails.push({
      to: args.businessEmail,
      subject: `${businessSubjects[kind]}: ${booking.title ?? 'booking'} (${who})`,
      text: `${businessSubjects[kind]} by ${who}.\n\n${body}`,
      kind: `bookings.business.${kind}`,
      ...(ics ? { ics } : {}),
    });
  }
  return mails;
}

/** The outbox mails of one change; a confirmation's calendar file goes as an attachment (booking.ics). */
export function outgoingBookingMails(siteId: string, mails: readonly BookingMail[]): OutgoingMail[] {
  return mails.map((message) => ({
    siteId,
    to: message.to,
    subject: message.subject,
    text: message.text,
    kind: message.kind,
    ...(message.ics
      ? { attachments: [{ filename: 'booking.ics', contentType: 'text/calendar', content: message.ics }] }
      : {}),
  }));
}

/** Writes the mails of one change to the outbox inside the change's transaction, in one statement. */
export async function enqueueBookingMails(
  mail: MailService | undefined,
  siteId: string,
  mails: readonly BookingMail[],
  tx: Executor,
): Promise<void> {
  if (!mail || mails.length === 0) return;
  await mail.enqueueMany(outgoingBookingMails(siteId, mails), tx);
}

/** SMS reminders sit behind this adapter; the local one only records what it would send. */
export interface SmsSender {
  send(message: { siteId: string; to: string; text: string }): Promise<void>;
}

export function createRecordingSmsSender(): SmsSender & {
  sent: Array<{ siteId: string; to: string; text: string }>;
} {
  const sent: Array<{ siteId: string; to: string; text: string }> = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
  };
}
