import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAppointmentService,
  createStaff,
  customer,
  expectError,
  futureSlot,
  ok,
  openAllWeek,
} from './bookings-lifecycle-fixtures.ts';
import { as, createTestApp, inject, owner, type TestApp } from './test-app.ts';

// The staff trash bin (staff-trash-bin.service.ts) and Set Service Provider, over HTTP on the real database.

const base = '/bookings/v1/staff-members';
const day = 86_400_000;
let t: TestApp;

const call = (method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object, headers = owner) =>
  inject(t.app, {
    method,
    url,
    headers,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

/** The staff members the availability query offers for the service tomorrow. */
async function offeredStaff(serviceId: string): Promise<string[]> {
  const body = await ok<{ availabilityEntries: Array<{ slot: { resource?: { id?: string } } }> }>(t.app, {
    method: 'POST',
    url: '/bookings/v1/availability/query',
    headers: customer(),
    payload: {
      query: { filter: { serviceId: [serviceId], startDate: futureSlot(1, 0), endDate: futureSlot(2, 0) } },
      timezone: 'UTC',
    },
  });
  return [...new Set(body.availabilityEntries.map((entry) => entry.slot.resource?.id ?? ''))];
}

beforeAll(async () => {
  t = await createTestApp();
  await openAllWeek(t.app);
});

afterAll(async () => {
  await t?.close();
});

describe('DELETE /bookings/v1/staff-members/{id} and the trash bin', () => {
  it('moves a deleted staff member to the trash bin, gone from every other call', async () => {
    const id = await createStaff(t.app, 'Rina', 'rina@example.com');
    expect((await call('DELETE', `${base}/${id}`)).body).toEqual({});
    expectError(await call('GET', `${base}/${id}`), 404);
    expectError(await call('DELETE', `${base}/${id}`), 404);
    const queried = await call('POST', `${base}/query`, { query: { filter: { id } } });
    expect(queried.body.staffMembers).toEqual([]);

    const trashed = await call('GET', `${base}/trash-bin/${id}`);
    expect(trashed.status).toBe(200);
    expect(trashed.body.staffMember).toMatchObject({ id, name: 'Rina' });
    expect(Date.parse(trashed.body.staffMember.deletedDate)).toBeGreaterThan(Date.now() - 60_000);
    const listed = await call('GET', `${base}/trash-bin?staffMemberIds=${id}`);
    expect(listed.body.staffMembers.map((member: { id: string }) => member.id)).toEqual([id]);
  });

  it('restores a staff member with their working hours and the services they gave', async () => {
    const id = await createStaff(t.app, 'Omer', 'omer@example.com');
    const serviceId = await createAppointmentService(t.app, { staffMemberIds: [id] });
    await ok(t.app, {
      method: 'PUT',
      url: `${base}/${id}/working-hours`,
      headers: owner,
      payload: { workingHours: [{ weekday: 'MON', startTime: '08:00', endTime: '12:00' }] },
    });
    await call('DELETE', `${base}/${id}`);
    expect((await call('GET', `/bookings/v2/services/${serviceId}`)).body.service.staffMemberIds).toEqual([]);

    const restored = await call('POST', `${base}/trash-bin/${id}/restore`);
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.staffMember).toMatchObject({
      id,
      usesDefaultWorkingHours: false,
      workingHours: [{ weekday: 'MON', startTime: '08:00', endTime: '12:00' }],
    });
    expect(restored.body.staffMember.deletedDate).toBeUndefined();
    expect((await call('GET', `${base}/${id}`)).status).toBe(200);
    expect((await call('GET', `/bookings/v2/services/${serviceId}`)).body.service.staffMemberIds).toEqual([
      id,
    ]);
    expectError(await call('GET', `${base}/trash-bin/${id}`), 404);
    expectError(await call('POST', `${base}/trash-bin/${id}/restore`), 404);
  });

  it('deletes a trashed staff member for good on request', async () => {
    const id = await createStaff(t.app, 'Gal', 'gal@example.com');
    await call('DELETE', `${base}/${id}`);
    expect((await call('DELETE', `${base}/trash-bin/${id}`)).body).toEqual({});
    expectError(await call('GET', `${base}/trash-bin/${id}`), 404);
    expectError(await call('POST', `${base}/trash-bin/${id}/restore`), 404);
    expectError(await call('DELETE', `${base}/trash-bin/${id}`), 404);
  });

  it('purges those deleted more than 30 days ago, and reads them as gone from then on', async () => {
    const id = await createStaff(t.app, 'Yael', 'yael@example.com');
    await call('DELETE', `${base}/${id}`);
    expect(await t.app.timed.purgeStaffTrashBin(new Date(Date.now() + 29 * day))).toBe(0);
    expect((await call('GET', `${base}/trash-bin/${id}`)).status).toBe(200);
    expect(await t.app.timed.purgeStaffTrashBin(new Date(Date.now() + 31 * day))).toBeGreaterThanOrEqual(1);
    expectError(await call('GET', `${base}/trash-bin/${id}`), 404);
  });

  it('pages the trash bin with a cursor, most recently deleted first', async () => {
    const ids = [];
    for (const name of ['Page A', 'Page B', 'Page C']) {
      const id = await createStaff(t.app, name, `${name.replace(' ', '').toLowerCase()}@example.com`);
      await call('DELETE', `${base}/${id}`);
      ids.push(id);
    }
    const filter = ids.map((id) => `staffMemberIds=${id}`).join('&');
    const first = await call('GET', `${base}/trash-bin?${filter}&paging.limit=2`);
    expect(first.body.staffMembers.map((member: { id: string }) => member.id)).toEqual([ids[2], ids[1]]);
    expect(first.body.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    const next = await call(
      'GET',
      `${base}/trash-bin?paging.cursor=${encodeURIComponent(first.body.pagingMetadata.cursors.next)}`,
    );
    expect(next.body.staffMembers.map((member: { id: string }) => member.id)).toEqual([ids[0]]);
    expect(next.body.pagingMetadata.hasNext).toBe(false);
    expectError(await call('GET', `${base}/trash-bin?paging.cursor=nonsense`), 400);
  });

  it('is the business’s: 401 without credentials, 403 to members, restore and remove 403 to STAFF users', async () => {
    const id = await createStaff(t.app, 'Private', 'private@example.com');
    await call('DELETE', `${base}/${id}`);
    expect((await call('GET', `${base}/trash-bin`, undefined, {})).status).toBe(401);
    expect((await call('GET', `${base}/trash-bin/${id}`, undefined, as('MEMBER:m-1'))).status).toBe(403);
    expect(
      (await call('POST', `${base}/trash-bin/${id}/restore`, undefined, as('WIX_USER:STAFF'))).status,
    ).toBe(403);
    expect((await call('DELETE', `${base}/trash-bin/${id}`, undefined, as('WIX_USER:STAFF'))).status).toBe(
      403,
    );
    expectError(await call('GET', `${base}/trash-bin/not-an-id`), 400);
  });
});

describe('POST /bookings/v1/staff-members/{id}/set-service-provider', () => {
  it('takes a staff member out of availability and the visitors’ list, and back', async () => {
    const kept = await createStaff(t.app, 'Kept', 'kept@example.com');
    const paused = await createStaff(t.app, 'Paused', 'paused@example.com');
    const serviceId = await createAppointmentService(t.app, { staffMemberIds: [kept, paused] });
    expect((await offeredStaff(serviceId)).sort()).toEqual([kept, paused].sort());

    const out = await call('POST', `${base}/${paused}/set-service-provider`, { serviceProvider: false });
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.staffMember).toMatchObject({ id: paused, serviceProvider: false });
    expect(await offeredStaff(serviceId)).toEqual([kept]);
    const seen = await call('POST', `${base}/query`, { query: {} }, as('ANONYMOUS_VISITOR'));
    expect(seen.body.staffMembers.map((member: { id: string }) => member.id)).not.toContain(paused);
    // The business still sees them, and may filter on it.
    const business = await call('POST', `${base}/query`, { query: { filter: { serviceProvider: false } } });
    expect(business.body.staffMembers.map((member: { id: string }) => member.id)).toEqual([paused]);
    expect((await call('GET', `/bookings/v2/services/${serviceId}`)).body.service.staffMemberIds).toContain(
      paused,
    );

    await ok(t.app, {
      method: 'POST',
      url: `${base}/${paused}/set-service-provider`,
      headers: owner,
      payload: { serviceProvider: true },
    });
    expect((await offeredStaff(serviceId)).sort()).toEqual([kept, paused].sort());
  });

  it('answers 400 without serviceProvider, 404 for an unknown staff member, 403 to STAFF users', async () => {
    const id = await createStaff(t.app, 'Someone', 'someone@example.com');
    expectError(await call('POST', `${base}/${id}/set-service-provider`, {}), 400);
    expectError(
      await call('POST', `${base}/${randomUUID()}/set-service-provider`, { serviceProvider: false }),
      404,
    );
    expect(
      (
        await call(
          'POST',
          `${base}/${id}/set-service-provider`,
          { serviceProvider: false },
          as('WIX_USER:STAFF'),
        )
      ).status,
    ).toBe(403);
  });
});
