// Mail attachments end to end: a booking made over HTTP writes its confirmation with the .ics as an
// attachment, GET /mail/v1/outbox shows it, and the SMTP transport (nodemailer) sends it as a MIME
// attachment beside the text and HTML parts (to a small SMTP server in this test, read with mailparser).
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailService } from '../src/platform/mail/mail.service.ts';
import { createSmtpTransport } from '../src/platform/mail/smtp-transport.ts';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { waitFor } from './events-helpers.ts';
import { startSmtpServer } from './smtp-helpers.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  futureSlot,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';

interface OutboxMail {
  id: string;
  to: string;
  kind: string;
  text: string;
  status: string;
  attachments: Array<{ filename: string; contentType: string; content: string }>;
}

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let service: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ config: { SMTP_URL: smtp.url } });
  await openAllWeek(t.app);
  const staff = await createStaff(t.app, 'Alex', 'alex@example.com');
  service = await createAppointmentService(t.app, { staffMemberIds: [staff] });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
}, 60_000);

async function outbox(kind: string): Promise<OutboxMail[]> {
  return (
    await ok<{ messages: OutboxMail[] }>(t.app, {
      method: 'GET',
      url: `/mail/v1/outbox?kind=${kind}&limit=100`,
      headers: owner,
    })
  ).messages;
}

describe('mail attachments', () => {
  it('attaches the booking .ics to the confirmation, shows it in the outbox and sends it over SMTP', async () => {
    const start = futureSlot(4, 10);
    const booking = await book(t.app, customer('ada'), bookingRequest(service, start));

    const [queued] = (await outbox('bookings.confirmation')).filter((mail) => mail.text.includes(booking.id));
    expect(queued).toMatchObject({ to: 'ada@example.com', status: 'PENDING' });
    expect(queued!.text).not.toContain('BEGIN:VCALENDAR');
    expect(queued!.attachments).toHaveLength(1);
    expect(queued!.attachments[0]).toMatchObject({ filename: 'booking.ics', contentType: 'text/calendar' });
    expect(queued!.attachments[0]!.content).toContain('BEGIN:VCALENDAR');
    expect(queued!.attachments[0]!.content).toContain(`UID:${booking.id}`);

    // The app's own delivery runs once a minute; a second sender on the same outbox need not wait.
    const sender = createMailService({
      database: t.app.database,
      transport: createSmtpTransport(smtp.url),
      from: 'Atrium <no-reply@localhost>',
    });
    await waitFor('the confirmation over SMTP', async () => {
      await sender.deliverPending();
      return smtp.received.some((mail) => mail.to === 'ada@example.com' && mail.data.includes('booking.ics'));
    });
    const sent = smtp.received.find((mail) => mail.to === 'ada@example.com')!;
    expect(sent.data).toMatch(/^Content-Type: multipart\/mixed; boundary="/m);
    const parsed = await simpleParser(sent.data);
    expect(parsed.text).toContain(booking.id);
    expect(parsed.text).not.toContain('BEGIN:VCALENDAR');
    expect(parsed.html).toContain(booking.id);
    expect(parsed.html).toContain('Your booking is confirmed');
    expect(parsed.attachments).toHaveLength(1);
    const [ics] = parsed.attachments;
    expect(ics).toMatchObject({ filename: 'booking.ics', contentDisposition: 'attachment' });
    expect(ics!.contentType).toBe('text/calendar');
    expect(ics!.content.toString('utf8')).toContain('BEGIN:VCALENDAR');
    expect(ics!.content.toString('utf8')).toContain(`UID:${booking.id}`);

    const [delivered] = (await outbox('bookings.confirmation')).filter((mail) => mail.id === queued!.id);
    expect(delivered).toMatchObject({ status: 'SENT', attachments: queued!.attachments });
  });

  it('sends a mail without attachments as text and HTML alternatives, with no attachment part', async () => {
    const start = futureSlot(4, 14);
    const booking = await book(t.app, customer('bob'), bookingRequest(service, start));
    const canceled = await inject(t.app, {
      method: 'POST',
      url: `/bookings/v2/bookings/${booking.id}/cancel`,
      headers: customer('bob'),
      payload: {},
    });
    expect(canceled.status).toBe(200);
    const [mail] = (await outbox('bookings.canceled')).filter((candidate) =>
      candidate.text.includes(booking.id),
    );
    expect(mail!.attachments).toEqual([]);

    const sender = createMailService({
      database: t.app.database,
      transport: createSmtpTransport(smtp.url),
      from: 'Atrium <no-reply@localhost>',
    });
    await waitFor('the cancellation over SMTP', async () => {
      await sender.deliverPending();
      return smtp.received.some((candidate) => candidate.data.includes('canceled'));
    });
    const sent = smtp.received.find((candidate) =>
      /^Subject: Your booking was canceled/m.test(candidate.data),
    )!;
    expect(sent.data).toMatch(/^Content-Type: multipart\/alternative;/im);
    expect(sent.data).not.toContain('multipart/mixed');
    const parsed = await simpleParser(sent.data);
    expect(parsed.attachments).toEqual([]);
    expect(parsed.text).toContain('Your booking was canceled');
    expect(parsed.html).toContain('Your booking was canceled');
  });
});
