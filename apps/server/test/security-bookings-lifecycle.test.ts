import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';
import {
  book,
  bookingRequest,
  createAppointmentService,
  createStaff,
  customer,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';

let t: TestApp;
let haircut: string;
const perVisitor = 3;
const perIp = 5;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      BOOKING_CREATE_RATE_LIMIT_PER_VISITOR: String(perVisitor),
      BOOKING_CREATE_RATE_LIMIT_PER_IP: String(perIp),
    },
  });
  await openAllWeek(t.app);
  const staff = await createStaff(t.app, 'Alex', 'alex@example.com');
  haircut = await createAppointmentService(t.app, { staffMemberIds: [staff], minutes: 30 });
}, 240_000);
afterAll(async () => t?.close(), 60_000);

let slotCounter = 0;
/** A different half-hour slot each call (the business is open around the clock), so bookings never collide. */
function slot(): string {
  slotCounter += 1;
  const base = new Date(Date.now() + 3 * 86_400_000);
  base.setUTCHours(0, 0, 0, 0);
  return new Date(base.getTime() + slotCounter * 30 * 60_000).toISOString();
}

const create = (headers: Record<string, string>, address: string, extra: Record<string, unknown> = {}) =>
  inject(t.app, {
    method: 'POST',
    url: '/bookings/v2/bookings',
    headers,
    remoteAddress: address,
    payload: bookingRequest(haircut, slot(), extra),
  });

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

async function outbox(kind: string): Promise<OutboxMail[]> {
  return (
    await ok<{ messages: OutboxMail[] }>(t.app, {
      method: 'GET',
      url: `/mail/v1/outbox?kind=${kind}&limit=100`,
      headers: owner,
    })
  ).messages;
}

describe('POST /bookings/v2/bookings: rate limits', () => {
  it('past the per-visitor limit a visitor gets 429 with retry-after, whatever address they come from', async () => {
    const visitor = as('ANONYMOUS_VISITOR:visitor-1');
    for (let index = 0; index < perVisitor; index += 1) {
      expect((await create(visitor, `10.1.0.${index}`)).status).toBe(200);
    }
    const refused = await create(visitor, '10.1.0.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
  });

  it('past the per-address limit different visitors from one address get 429', async () => {
    const address = '10.2.0.1';
    for (let index = 0; index < perIp; index += 1) {
      expect((await create(customer(`ip-member-${index}`), address)).status).toBe(200);
    }
    const refused = await create(customer('ip-member-last'), address);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await create(customer('ip-member-last'), '10.2.0.2')).status).toBe(200);
  });

  it('the bulk and multi-service routes count every booking they ask for', async () => {
    const member = customer('bulk-member');
    const bulk = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/bulk/bookings/create',
      headers: member,
      remoteAddress: '10.3.0.1',
      payload: {
        createBookingsInfo: Array.from({ length: perVisitor + 1 }, () => bookingRequest(haircut, slot())),
      },
    });
    expect(bulk.status).toBe(429);
    const multi = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/multi_service_bookings',
      headers: customer('multi-member'),
      remoteAddress: '10.3.0.2',
      payload: {
        bookings: Array.from({ length: perVisitor + 1 }, () => bookingRequest(haircut, slot()).booking),
        multiServiceBookingType: 'SEPARATE_BOOKINGS',
      },
    });
    expect(multi.status).toBe(429);
  });

  it('the owner is not limited', async () => {
    for (let index = 0; index < perIp + perVisitor + 2; index += 1) {
      expect((await create(owner, '10.4.0.1')).status).toBe(200);
    }
  });
});

describe('mails the site sends on a customer’s booking', () => {
  it('ignores participantNotification.message from a visitor or member, honours it from the business', async () => {
    const member = customer('message-member');
    const fromMember = await create(member, '10.5.0.1', {
      contactDetails: { firstName: 'Eve', email: 'victim@example.com' },
    });
    expect(fromMember.status).toBe(200);
    const withMessage = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/bookings',
      headers: customer('message-member-2'),
      remoteAddress: '10.5.0.2',
      payload: {
        ...bookingRequest(haircut, slot(), {
          contactDetails: { firstName: 'Eve', email: 'victim2@example.com' },
        }),
        participantNotification: { notifyParticipants: true, message: 'Pay at http://evil.example now' },
      },
    });
    expect(withMessage.status).toBe(200);
    const businessBooking = await inject(t.app, {
      method: 'POST',
      url: '/bookings/v2/bookings',
      headers: owner,
      payload: {
        ...bookingRequest(haircut, slot(), {
          contactDetails: { firstName: 'Kim', email: 'kim@example.com' },
        }),
        participantNotification: { notifyParticipants: true, message: 'See you soon, bring a towel' },
      },
    });
    expect(businessBooking.status).toBe(200);

    const confirmations = await outbox('bookings.confirmation');
    const victims = confirmations.filter((mail) => mail.to === 'victim2@example.com');
    expect(victims).toHaveLength(1);
    expect(victims[0]!.text).not.toContain('evil.example');
    const kim = confirmations.find((mail) => mail.to === 'kim@example.com');
    expect(kim?.text).toContain('See you soon, bring a towel');
  });

  it('leaves names holding links out of mails; plain names are kept', async () => {
    const response = await create(customer('link-name'), '10.6.0.1', {
      contactDetails: {
        firstName: 'Claim your refund at http://evil.example',
        lastName: 'www.evil.example',
        email: 'target@example.com',
      },
    });
    expect(response.status).toBe(200);
    const [mail] = (await outbox('bookings.confirmation')).filter((item) => item.to === 'target@example.com');
    expect(mail!.text.split('\n')).toContain('Hello,');
    expect(mail!.text).not.toContain('evil.example');
    expect(mail!.html).toContain('Hello,');
    expect(mail!.html).not.toContain('evil.example');
    const business = (await outbox('bookings.business.confirmation')).filter((item) =>
      item.subject.includes('target@example.com'),
    );
    expect(business).toHaveLength(1);
    expect(`${business[0]!.subject}\n${business[0]!.text}`).not.toContain('evil.example');

    const plain = await create(customer('plain-name'), '10.6.0.2', {
      contactDetails: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada.plain@example.com' },
    });
    expect(plain.status).toBe(200);
    const [adaMail] = (await outbox('bookings.confirmation')).filter(
      (item) => item.to === 'ada.plain@example.com',
    );
    expect(adaMail!.text.split('\n')).toContain('Hello Ada,');
    expect(adaMail!.html).toContain('Hello Ada,');
  });
});

describe("another customer's booking", () => {
  it('answers exactly as a missing booking (404, same code and message shape)', async () => {
    const mine = await book(t.app, customer('owner-of-booking'), bookingRequest(haircut, slot()));
    const missing = '00000000-0000-4000-8000-000000000000';
    const stranger = customer('stranger');
    const shape = (response: { status: number; body: unknown }, id: string) =>
      JSON.parse(
        JSON.stringify({ status: response.status, body: response.body })
          .replaceAll(id, '<id>')
          .replace(/"requestId":"[^"]*"/g, ''),
      );
    for (const [method, path, payload] of [
      ['GET', '/bookings/v2/bookings/:id', undefined],
      ['POST', '/bookings/v2/bookings/:id/cancel', {}],
      ['POST', '/bookings/v2/bookings/:id/update_number_of_participants', { totalParticipants: 1 }],
    ] as const) {
      const request = (id: string) =>
        inject(t.app, {
          method,
          url: path.replace(':id', id),
          headers: stranger,
          remoteAddress: '10.7.0.1',
          ...(payload ? { payload } : {}),
        });
      const others = await request(mine.id);
      const absent = await request(missing);
      expect(others.status, path).toBe(404);
      expect(shape(others, mine.id), path).toEqual(shape(absent, missing));
    }
  });
});
