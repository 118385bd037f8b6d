// Bookings made as a guest become the member's: those of the visitor credential a member signs in with,
// and, once a new member proves their address with the mailed code, every guest booking made under it.
// Another guest's bookings, and bookings the business made, stay where they are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identityKit } from './identity-helpers.ts';
import { waitFor } from './events-helpers.ts';
import { createTestApp, inject, type TestApp } from './test-app.ts';
import {
  bookingRequest,
  createAppointmentService,
  createStaff,
  futureSlot,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';

let t: TestApp;
let kit: ReturnType<typeof identityKit>;
let clientId: string;
let service: string;
let owner: Record<string, string>;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp();
  kit = identityKit(t);
  const site = await kit.defaultSite();
  clientId = site.clientId;
  owner = bearer((await kit.staffToken(site.site.id, 'OWNER')).token);
  await openAllWeek(t.app);
  service = await createAppointmentService(t.app, { staffMemberIds: [await createStaff(t.app)] });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function bookAs(headers: Record<string, string>, email: string, days: number, hour: number) {
  const response = await inject(t.app, {
    method: 'POST',
    url: '/bookings/v2/bookings',
    headers,
    payload: bookingRequest(service, futureSlot(days, hour), {
      contactDetails: { firstName: 'Guest', email },
    }),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.booking.id as string;
}

/** The ids of the caller's own bookings, as the account page lists them. */
async function myBookings(headers: Record<string, string>): Promise<string[]> {
  const response = await inject(t.app, {
    method: 'POST',
    url: '/bookings/v2/extended-bookings/query',
    headers,
    payload: { query: { paging: { limit: 100 } } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return (response.body.extendedBookings as Array<{ booking: { id: string } }>).map(
    (item) => item.booking.id,
  );
}

describe('guest bookings become the member’s', () => {
  it('hands a visitor’s bookings to the member they sign in as, and no one else’s', async () => {
    const visitor = bearer((await kit.visitorToken(clientId)).token);
    const otherVisitor = bearer((await kit.visitorToken(clientId)).token);
    const mine = await bookAs(visitor, 'someone@example.com', 5, 8);
    const theirs = await bookAs(otherVisitor, 'someone@example.com', 5, 9);
    const member = await kit.memberToken((await kit.defaultSite()).site.id);

    const login = await inject(t.app, {
      method: 'POST',
      url: '/identity/v2/login',
      headers: visitor,
      payload: { loginId: { email: member.email }, password: 'member password 1' },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    await waitFor('the visitor’s booking handed over', async () =>
      (await myBookings(bearer(member.token))).includes(mine),
    );
    expect(await myBookings(bearer(member.token))).not.toContain(theirs);
    expect(await myBookings(otherVisitor)).toContain(theirs);
  });

  it('gives a member the guest bookings made under the address they verify, and none before that', async () => {
    const email = kit.unique('guest');
    const firstGuest = bearer((await kit.visitorToken(clientId)).token);
    const laterGuest = bearer((await kit.visitorToken(clientId)).token);
    const early = await bookAs(firstGuest, email, 6, 8);
    const late = await bookAs(laterGuest, email.toUpperCase(), 6, 9);
    const elsewhere = await bookAs(laterGuest, kit.unique('other'), 6, 10);
    // A booking the business made for that address is the business's, not a guest's.
    const byBusiness = await bookAs(owner, email, 6, 11);

    // Joins without verifying (the site does not ask for it): typing an address proves nothing.
    const registered = await inject(t.app, {
      method: 'POST',
      url: '/identity/v2/register',
      headers: bearer((await kit.visitorToken(clientId)).token),
      payload: { loginId: { email }, password: 'guest password 1' },
    });
    expect(registered.body.state, JSON.stringify(registered.body)).toBe('SUCCESS');
    const memberId = registered.body.identity.id as string;
    const { site } = await kit.defaultSite();
    const member = bearer(
      (await kit.identity.oauth.issueTokens({ siteId: site.id, subjectType: 'MEMBER', subjectId: memberId }))
        .access_token,
    );
    expect(await myBookings(member)).toEqual([]);

    // The account page's "Verify my email": a code to the address, typed back.
    const started = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/Start',
      headers: member,
      payload: { identityId: memberId, target: 'EMAIL' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const ownerToken = owner.authorization!.slice('Bearer '.length);
    const verified = await inject(t.app, {
      method: 'POST',
      url: '/identity/v1/auth/verify',
      headers: member,
      payload: {
        code: kit.codeIn(await kit.lastMail(ownerToken, email)),
        stateToken: started.body.stateToken,
      },
    });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    await waitFor('the guest bookings handed over', async () => {
      const listed = await myBookings(member);
      return listed.includes(early) && listed.includes(late);
    });
    const listed = await myBookings(member);
    expect(listed).not.toContain(elsewhere);
    expect(listed).not.toContain(byBusiness);
    const booking = await inject(t.app, {
      method: 'GET',
      url: `/bookings/v2/bookings/${early}`,
      headers: member,
    });
    expect(booking.status).toBe(200);
    expect(booking.body.booking.createdBy).toEqual({ memberId });
  });
});
