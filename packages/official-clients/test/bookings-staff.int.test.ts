import * as staffMembers from '@wix/auto_sdk_bookings_staff-members';
import { ApiKeyStrategy, createClient } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official staff-members client's calls beyond create/get/update/query, unchanged, against Atrium:
// search (v1 and v2), query and count v2, tags by ids and by filter, the working-hours and custom
// schedules, the trash bin and Set Service Provider. Get-or-create for a dashboard user goes over HTTP: this
// client version does not export it.

let atrium: AtriumBehindOfficialHost;
function businessClient(apiKey: string, siteId: string) {
  return createClient({ modules: { staffMembers }, auth: ApiKeyStrategy({ apiKey, siteId }) });
}
let business: ReturnType<typeof businessClient>;
let dana: string;
let eli: string;

async function refusal(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('the call was expected to be refused');
    },
    (error: unknown) => error as { details?: { applicationError?: { code?: string } } },
  );
}

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = businessClient(atrium.apiKey, atrium.siteId);
  dana = (await business.staffMembers.createStaffMember({ name: 'Dana Levi', email: 'dana@example.com' }))
    ._id!;
  eli = (await business.staffMembers.createStaffMember({ name: 'Eli Cohen', email: 'eli@example.com' }))._id!;
});

afterAll(async () => {
  await atrium?.close();
});

describe('the official staff-members client against Atrium', () => {
  it('searches, queries and counts with the v1 and v2 calls', async () => {
    const v1 = await business.staffMembers.searchStaffMembers({ search: { expression: 'dana' } });
    expect(v1.staffMembers?.map((member) => member._id)).toEqual([dana]);
    const v2 = await business.staffMembers.searchStaffMembersV2({ search: { expression: 'cohen' } });
    expect(v2.staffMembers?.map((member) => member._id)).toEqual([eli]);
    const queried = await business.staffMembers.queryStaffMembersV2({
      query: { filter: { name: 'Eli Cohen' } },
    });
    expect(queried.staffMembers?.map((member) => member._id)).toEqual([eli]);
    expect((await business.staffMembers.countStaffMembersV2({})).count).toBe(2);
  });

  it('assigns and unassigns tags by ids and by filter', async () => {
    const tagged = await business.staffMembers.bulkUpdateStaffMemberTags([dana, eli], {
      assignTags: { privateTags: { tagIds: ['senior', 'massage'] } },
    });
    expect(tagged.bulkActionMetadata?.totalSuccesses).toBe(2);
    const { jobId } = await business.staffMembers.bulkUpdateStaffMemberTagsByFilter(
      { name: 'Eli Cohen' },
      { unassignTags: { privateTags: { tagIds: ['senior'] } } },
    );
    expect(jobId).toBeTruthy();
    expect((await business.staffMembers.getStaffMember(dana)).tags?.privateTags?.tagIds).toEqual([
      'senior',
      'massage',
    ]);
    expect((await business.staffMembers.getStaffMember(eli)).tags?.privateTags?.tagIds).toEqual(['massage']);
  });

  it("moves a staff member to hours of their own and back to the business's", async () => {
    const schedule = '00000000-0000-4000-8000-000000000001';
    await business.staffMembers.assignCustomSchedule(dana, schedule);
    const own = await atrium.testApp.app.inject({
      method: 'GET',
      url: `/bookings/v1/staff-members/${dana}/working-hours`,
      headers: { authorization: atrium.apiKey },
    });
    expect(own.json()).toMatchObject({ usesDefaultWorkingHours: false });
    await business.staffMembers.assignWorkingHoursSchedule(dana, schedule);
    const back = await atrium.testApp.app.inject({
      method: 'GET',
      url: `/bookings/v1/staff-members/${dana}/working-hours`,
      headers: { authorization: atrium.apiKey },
    });
    expect(back.json()).toMatchObject({ usesDefaultWorkingHours: true });
  });

  it('keeps a deleted staff member in the trash bin until removed for good', async () => {
    const gone = (await business.staffMembers.createStaffMember({ name: 'Temp' }))._id!;
    await business.staffMembers.deleteStaffMember(gone);
    const listed = await business.staffMembers.listDeletedStaffMembers({ staffMemberIds: [gone] });
    expect(listed.staffMembers?.map((member) => member._id)).toEqual([gone]);
    expect((await business.staffMembers.getDeletedStaffMember(gone)).staffMember?.name).toBe('Temp');
    await business.staffMembers.removeStaffMemberFromTrashBin(gone);
    const missing = await refusal(business.staffMembers.getDeletedStaffMember(gone));
    expect(missing.details?.applicationError?.code).toBe('NOT_FOUND');
  });

  it('sets a staff member as a service provider or not', async () => {
    const paused = await business.staffMembers.setServiceProvider(eli, false);
    expect(paused.staffMember?.serviceProvider).toBe(false);
    const back = await business.staffMembers.setServiceProvider(eli, true);
    expect(back.staffMember?.serviceProvider).toBe(true);
  });

  it("gets or creates the staff member of a dashboard user, by the user's email", async () => {
    const user = await atrium.kit.staffToken(atrium.siteId, 'STAFF');
    const call = () =>
      atrium.testApp.app.inject({
        method: 'POST',
        url: `/bookings/v1/staff-members/get-or-create/wix-user-id/${user.id}`,
        headers: { authorization: atrium.apiKey },
      });
    const first = (await call()).json<{ staffMember: { id: string; email: string } }>();
    expect(first.staffMember.email).toBe(user.email);
    expect((await call()).json<{ staffMember: { id: string } }>().staffMember.id).toBe(first.staffMember.id);
    const bulk = await atrium.testApp.app.inject({
      method: 'POST',
      url: '/bookings/v1/bulk/staff-members/get-or-create',
      headers: { authorization: atrium.apiKey },
      payload: { wixUserIds: [user.id, '00000000-0000-4000-8000-000000000009'] },
    });
    expect(
      bulk
        .json<{ results: Array<{ itemMetadata: { success: boolean } }> }>()
        .results.map((result) => result.itemMetadata.success),
    ).toEqual([true, false]);
  });

  it('called the v2 paths, and nothing answered 5xx', () => {
    expect(atrium.pathsCalled().some((path) => path.includes(' /bookings/staff/v2/'))).toBe(true);
    expect(atrium.forwarded.filter((request) => request.status >= 500)).toEqual([]);
  });
});
