// The guest link in the customer's booking mails (lifecycle/notifications.ts, guest-tokens.ts): every mail
// to the customer carries a signed link to the guest page, following it opens that one booking, and the
// token is a secret of the mail: the outbox shows it only to the recipient's delivery, never to a reader.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import { and, eq } from 'drizzle-orm';
import { mailOutbox } from '../src/platform/mail/mail.tables.ts';
import { toMailView } from '../src/platform/mail/mail.service.ts';
import { as, owner } from './test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createPolicy,
  createStaff,
  futureSlot,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';

let t: TestApp;
let service: string;
const visitor = as('ANONYMOUS_VISITOR:guest-link');
const stranger = as('ANONYMOUS_VISITOR:someone-else');

interface OutboxMail {
  to: string;
  kind: string;
  subject: string;
  text: string;
  html?: string;
}

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
  const staffId = await createStaff(t.app, 'Noor', 'noor@example.com');
  const policyId = await createPolicy(t.app, {
    cancellationPolicy: { enabled: true, allowAnonymous: true },
    reschedulePolicy: { enabled: true, allowAnonymous: true },
  });
  service = await createAppointmentService(t.app, { staffMemberIds: [staffId], policyId });
}, 120_000);
afterAll(async () => t?.close(), 60_000);

/** The mails to `to` of one kind, newest first, as a reader of the outbox with `headers` sees them. */
async function mailsTo(to: string, kind: string, headers: Record<string, string> = owner) {
  const url = `/mail/v1/outbox?to=${encodeURIComponent(to)}&kind=${kind}&limit=100`;
  return (await ok<{ messages: OutboxMail[] }>(t.app, { method: 'GET', url, headers })).messages;
}

function guestLinkIn(text: string): { url: string; token: string } {
  const match = /(https?:\/\/\S+\/bookings\/manage\/(bgt_[A-Za-z0-9._-]+))/.exec(text);
  expect(match, `no guest link in:\n${text}`).not.toBeNull();
  return { url: match![1]!, token: match![2]! };
}

function guestRequest(email: string, day: number, hour: number) {
  const request = bookingRequest(service, futureSlot(day, hour));
  request.booking.contactDetails = { firstName: 'Gil', lastName: 'Guest', email, phone: '+44 20 7946 0001' };
  return request;
}

describe("the guest link in the customer's booking mails", () => {
  it('carries a link to the guest page that opens the booking, and cancels it', async () => {
    const email = 'gil-link@example.com';
    const booking = await book(t.app, visitor, guestRequest(email, 5, 10));
    const [confirmation] = await mailsTo(email, 'bookings.confirmation');
    const link = guestLinkIn(confirmation!.text);
    expect(link.url.startsWith('http://localhost:')).toBe(true);
    expect(confirmation!.html).toContain(link.url);
    expect(confirmation!.text).toContain('View, reschedule or cancel');

    // Follow the link as the page does: the token of the link opens the booking to anyone holding it.
    const opened = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v1/anonymous-bookings/${link.token}`,
      headers: stranger,
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      booking: { id: booking.id, status: 'CONFIRMED' },
      allowedAnonymousActions: { cancel: true, reschedule: true },
    });
    const canceled = await inject(t.app, {
      method: 'POST',
      url: `/bookings/v1/anonymous-bookings/${link.token}/cancel`,
      headers: stranger,
      payload: { revision: opened.body.booking.revision },
    });
    expect(canceled.status).toBe(200);
    expect(canceled.body.booking.status).toBe('CANCELED');

    const [canceledMail] = await mailsTo(email, 'bookings.canceled');
    expect(canceledMail!.text).toContain('View your booking');
    const reopened = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v1/anonymous-bookings/${guestLinkIn(canceledMail!.text).token}`,
      headers: stranger,
    });
    expect(reopened.body).toMatchObject({
      booking: { id: booking.id, status: 'CANCELED' },
      allowedAnonymousActions: { cancel: false, reschedule: false },
    });
  });

  it('opens only its own booking: the link of one booking never opens another', async () => {
    const first = await book(t.app, visitor, guestRequest('gil-first@example.com', 6, 10));
    const second = await book(t.app, visitor, guestRequest('gil-second@example.com', 6, 12));
    const [mail] = await mailsTo('gil-first@example.com', 'bookings.confirmation');
    const { token } = guestLinkIn(mail!.text);
    const opened = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v1/anonymous-bookings/${token}`,
      headers: stranger,
    });
    expect(opened.body.booking.id).toBe(first.id);
    const swapped = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v1/anonymous-bookings/${token.replace(first.id, second.id)}`,
      headers: stranger,
    });
    expect(swapped.status).toBe(404);
    expect(swapped.body.details.applicationError.code).toBe('INVALID_TOKEN');
  });

  it("hides the token from the outbox's readers and keeps it out of the staff member's mail", async () => {
    const email = 'gil-secret@example.com';
    await book(t.app, visitor, guestRequest(email, 7, 10));
    const [revealed] = await mailsTo(email, 'bookings.confirmation');
    const { token } = guestLinkIn(revealed!.text);
    // This test app lets the development header reveal secrets (to follow links); a deployment does not.
    const [row] = await t.app.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), eq(mailOutbox.kind, 'bookings.confirmation')));
    expect(row!.secrets).toEqual([token]);
    const read = toMailView(row!);
    expect(JSON.stringify(read)).not.toContain(token);
    expect(read!.text).toContain('/bookings/manage/[hidden]');
    const staffMails = await mailsTo('noor@example.com', 'bookings.business.confirmation');
    expect(staffMails.length).toBeGreaterThan(0);
    for (const mail of staffMails) expect(mail.text).not.toContain('/bookings/manage/');
  });
});
