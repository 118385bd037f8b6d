import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createStaff,
  expectRefusal,
  startLifecycleServer,
  type LifecycleServer,
} from './bookings-lifecycle-helpers.ts';

// The staff trash bin and Set Service Provider through the SDK against the real server.
let server: LifecycleServer;

beforeAll(async () => {
  server = await startLifecycleServer();
}, 240_000);
afterAll(() => server?.close(), 60_000);

const owner = () => server.owner();

describe('staff trash bin', () => {
  it('lists, reads, restores and removes deleted staff members', async () => {
    const kept = await createStaff(server, 'Kept');
    const gone = await createStaff(server, 'Gone');
    await owner().deleteStaffMember(kept);
    await owner().deleteStaffMember(gone);

    const listed = await owner().listDeletedStaffMembers({ staffMemberIds: [kept, gone] });
    expect(listed.staffMembers.map((member) => member.id)).toEqual([gone, kept]);
    expect(Date.parse((await owner().getDeletedStaffMember(kept)).deletedDate!)).toBeGreaterThan(0);

    expect((await owner().restoreStaffMember(kept)).id).toBe(kept);
    expect((await owner().getStaffMember(kept)).name).toBe('Kept');

    await owner().removeStaffMemberFromTrashBin(gone);
    await expectRefusal(owner().getDeletedStaffMember(gone), 404);
    await expectRefusal(server.member('m-trash').listDeletedStaffMembers(), 403);
  });

  it('sets a staff member as a service provider or not', async () => {
    const id = await createStaff(server, 'Sometimes');
    expect((await owner().setServiceProvider(id, false)).serviceProvider).toBe(false);
    expect((await owner().setServiceProvider(id, true)).serviceProvider).toBe(true);
    await expectRefusal(server.member('m-sp').setServiceProvider(id, false), 403);
  });
});
