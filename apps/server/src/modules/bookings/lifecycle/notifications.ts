import ical from 'ical-generator';
import type { Executor } from '../../../platform/db/database.ts';
import type { MailService, OutgoingMail } from '../../../platform/mail/mail.service.ts';
import {
  formatMailPeriod,
  mailBrandOf,
  renderMail,
  type MailBrand,
  type MailDetail,
  type RenderedMail,
} from '../../../platform/mail/mail-template.ts';
import type { BookingRow } from './bookings.tables.ts';

export type BookingMailKind =
  'confirmation' | 'pending' | 'declined' | 'canceled' | 'rescheduled' | 'reminder';

export interface BookingMail {
  to: string;
  rendered: RenderedMail;
  /** Calendar file of a confirmation (booking.ics). */
  ics?: string;
}

/** The staff member a booking is with, as its mails name them (read with the slot, or when mailing). */
export interface BookingMailStaff {
  name: string | null;
  email: string | null;
}

/** The signed link that opens one booking to whoever holds it (guest-tokens.ts), and its token. */
export interface GuestLink {
  url: string;
  token: string;
}

/** The site as its booking mails show it. */
export type BookingMailSite = Parameters<typeof mailBrandOf>[0];

const subjects: Record<BookingMailKind, string> = {
  confirmation: 'Your booking is confirmed',
  pending: 'Your booking request was received',
  declined: 'Your booking was declined',
  canceled: 'Your booking was canceled',
  rescheduled: 'Your booking was rescheduled',
  reminder: 'Reminder: your upcoming booking',
};

const customerLines: Record<BookingMailKind, string> = {
  confirmation: 'Your booking is confirmed. We look forward to seeing you.',
  pending: 'We received your booking request. You will hear from us as soon as it is approved.',
  declined: 'We are sorry: your booking request was declined.',
  canceled: 'Your booking was canceled.',
  rescheduled: 'Your booking was moved. The new time is below.',
  reminder: 'A reminder of your upcoming booking.',
};

const businessSubjects: Record<BookingMailKind, string> = {
  confirmation: 'New booking',
  pending: 'Booking waiting for your approval',
  declined: 'Booking declined',
  canceled: 'Booking canceled',
  rescheduled: 'Booking rescheduled',
  reminder: 'Upcoming booking',
};

const statusNames: Record<string, string> = {
  CREATED: 'Waiting for payment',
  CONFIRMED: 'Confirmed',
  PENDING: 'Waiting for approval',
  WAITING_LIST: 'On the waiting list',
  DECLINED: 'Declined',
  CANCELED: 'Canceled',
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

function bookingDetails(booking: BookingRow, staff: BookingMailStaff | null, brand: MailBrand): MailDetail[] {
  const location =
    (booking.location?.formattedAddress as string | undefined) ??
    (booking.location?.name as string | undefined);
  return [
    { label: 'Service', value: booking.title ?? 'Booking' },
    { label: 'When', value: formatMailPeriod(booking.startDate, booking.endDate, brand) },
    ...(staff?.name ? [{ label: 'With', value: staff.name }] : []),
    ...(location ? [{ label: 'Where', value: location }] : []),
    { label: 'Participants', value: String(booking.totalParticipants) },
    { label: 'Status', value: statusNames[booking.status] ?? booking.status },
    { label: 'Booking reference', value: booking.id },
  ];
}

/** A booking that has ended its run (declined, canceled) is only shown by the link, not changed. */
const guestActionLabels: Record<BookingMailKind, string> = {
  confirmation: 'View, reschedule or cancel',
  pending: 'View or cancel your request',
  declined: 'View your booking',
  canceled: 'View your booking',
  rescheduled: 'View, reschedule or cancel',
  reminder: 'View, reschedule or cancel',
};

/** A URL or a domain name (`evil.example`, `www.`, `http:`), which mail clients show as a link. */
const linkLike = /[a-z][a-z0-9+.-]*:\/\/|www\.|[a-z0-9-]\.[a-z]{2,}|[<>]/i;

/**
 * A customer-typed name as it may appear in a mail the site sends: one line, at most 100 characters,
 * and nothing a mail client would turn into a link. Visitors choose both the name and the address a
 * booking mails, so a name like "Claim your refund at evil.example" would be phishing in our name;
 * such a name is left out. The mail template escapes it in the HTML part, so no markup is ever rendered.
 */
export function mailSafeName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const line = value.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  if (line === '' || line.length > 100 || linkLike.test(line)) return undefined;
  return line;
}

/**
 * The mails of one change: to the customer (when asked to notify), in their time zone, and to the staff
 * member, in the site's. The customer's carries the guest link to the booking (view, reschedule, cancel
 * without an account): its token is a secret of that mail, masked wherever the outbox is read.
 */
export function bookingMails(args: {
  kind: BookingMailKind;
  booking: BookingRow;
  site: BookingMailSite;
  notifyCustomer: boolean;
  staff: BookingMailStaff | null;
  message?: string | null;
  /** The customer's link to the booking (none: the mail has no action). */
  guestLink?: GuestLink | null;
}): BookingMail[] {
  const { kind, booking, site } = args;
  const mails: BookingMail[] = [];
  const customerEmail = booking.contactDetails?.email as string | undefined;
  const ics = kind === 'confirmation' || kind === 'rescheduled' ? bookingIcs(booking, site.name) : undefined;
  if (args.notifyCustomer && customerEmail) {
    const brand = mailBrandOf(site, { timeZone: booking.timezone });
    const firstName = mailSafeName(booking.contactDetails?.firstName);
    mails.push({
      to: customerEmail,
      rendered: renderMail(brand, {
        kind: `bookings.${kind}`,
        subject: `${subjects[kind]} - ${site.name}`,
        heading: subjects[kind],
        greeting: firstName ? `Hello ${firstName},` : 'Hello,',
        paragraphs: [customerLines[kind]],
        details: bookingDetails(booking, args.staff, brand),
        ...(args.message ? { note: { from: site.name, text: args.message } } : {}),
        ...(args.guestLink
          ? {
              action: { label: guestActionLabels[kind], url: args.guestLink.url },
              secrets: [args.guestLink.token],
            }
          : {}),
        closing: [
          ...(ics ? ['The attached calendar file adds it to your calendar.'] : []),
          ...(args.guestLink
            ? ['The link opens this booking for whoever has it: keep this mail to yourself.']
            : []),
        ],
      }),
      ...(ics ? { ics } : {}),
    });
  }
  if (args.staff?.email && kind !== 'reminder') {
    const brand = mailBrandOf(site);
    const contact = booking.contactDetails ?? {};
    const who =
      mailSafeName([contact.firstName, contact.lastName].filter(Boolean).join(' ')) ??
      (typeof contact.email === 'string' && /^[^\s@<>]{1,64}@[^\s@<>]{1,190}$/.test(contact.email)
        ? contact.email
        : 'a customer');
    mails.push({
      to: args.staff.email,
      rendered: renderMail(brand, {
        kind: `bookings.business.${kind}`,
        subject: `${businessSubjects[kind]}: ${booking.title ?? 'booking'} (${who})`,
        heading: businessSubjects[kind],
        paragraphs: [`${businessSubjects[kind]} by ${who}.`],
        details: bookingDetails(booking, args.staff, brand),
      }),
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
    ...message.rendered,
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
