import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, inject, owner, type TestApp } from './test-app.ts';
import { createStaff, expectError } from './bookings-lifecycle-fixtures.ts';
import { bearer, identityKit } from './identity-helpers.ts';

let t: TestApp;
let sam: string;
let alex: string;
let samUser: { token: string };
let adminUser: { token: string };

beforeAll(async () => {
  t = await createTestApp();
  const kit = identityKit(t);
  const { site } = await kit.defaultSite();
  const samAccount = await kit.staffToken(site.id, 'STAFF');
  samUser = samAccount;
  adminUser = await kit.staffToken(site.id, 'ADMIN');
  // Sam the staff member is the dashboard user samUser (linked by email); Alex is a colleague.
  sam = await createStaff(t.app, 'Sam', samAccount.email);
  alex = await createStaff(t.app, 'Alex', 'alex-colleague@example.com');
}, 120_000);
afterAll(async () => t?.close(), 60_000);

const timeOff = { startDate: '2031-03-01T09:00:00.000Z', endDate: '2031-03-01T17:00:00.000Z', title: 'Away' };

function addTimeOff(staffMemberId: string, headers: Record<string, string>) {
  return inject(t.app, {
    method: 'POST',
    url: `/bookings/v1/staff-members/${staffMemberId}/time-off`,
    headers,
    payload: { timeOff },
  });
}

function deleteTimeOff(staffMemberId: string, timeOffId: string, headers: Record<string, string>) {
  return inject(t.app, {
    method: 'DELETE',
    url: `/bookings/v1/staff-members/${staffMemberId}/time-off/${timeOffId}`,
    headers,
  });
}

async function timeOffOf(staffMemberId: string): Promise<string[]> {
  const response = await inject(t.app, {
    method: 'GET',
    url: `/bookings/v1/staff-members/${staffMemberId}/time-off`,
    headers: owner,
  });
  expect(response.status).toBe(200);
  return (response.body.timeOff as Array<{ id: string }>).map((entry) => entry.id);
}

describe('time off: a STAFF user manages only their own', () => {
  it('lets a STAFF user add and remove their own time off', async () => {
    const added = await addTimeOff(sam, bearer(samUser.token));
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(await timeOffOf(sam)).toContain(added.body.timeOff.id);
    const removed = await deleteTimeOff(sam, added.body.timeOff.id, bearer(samUser.token));
    expect(removed.status).toBe(200);
    expect(await timeOffOf(sam)).not.toContain(added.body.timeOff.id);
  });

  it('refuses a STAFF user adding or removing a colleague’s time off with 403, and changes nothing', async () => {
    expectError(await addTimeOff(alex, bearer(samUser.token)), 403);
    expect(await timeOffOf(alex)).toEqual([]);
    const ownersEntry = await addTimeOff(alex, owner);
    expect(ownersEntry.status).toBe(200);
    expectError(await deleteTimeOff(alex, ownersEntry.body.timeOff.id, bearer(samUser.token)), 403);
    expect(await timeOffOf(alex)).toEqual([ownersEntry.body.timeOff.id]);
  });

  it('lets the owner and admins manage everyone’s time off', async () => {
    const byAdmin = await addTimeOff(alex, bearer(adminUser.token));
    expect(byAdmin.status).toBe(200);
    expect((await deleteTimeOff(alex, byAdmin.body.timeOff.id, owner)).status).toBe(200);
    const byOwner = await addTimeOff(sam, owner);
    expect(byOwner.status).toBe(200);
    expect((await deleteTimeOff(sam, byOwner.body.timeOff.id, bearer(adminUser.token))).status).toBe(200);
  });
});
