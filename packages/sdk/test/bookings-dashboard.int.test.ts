import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryTokenStore, OAuthStrategy } from '../src/auth/oauth.ts';
import { createClient } from '../src/client.ts';
import { team } from '../src/modules/admin/team.ts';
import { bookingBulkStatus } from '../src/modules/bookings/bulk-status.ts';
import { bookingHistory } from '../src/modules/bookings/history.ts';
import { identity } from '../src/modules/identity.ts';
import {
  appointment,
  at,
  createAppointmentService,
  createStaff,
  expectRefusal,
  startLifecycleServer,
  type LifecycleServer,
} from './bookings-lifecycle-helpers.ts';

// The calls the dashboard adds: a booking's history, bulk confirm and decline, accepting an invitation.
let server: LifecycleServer;
let service: string;
const ownerHeaders = { 'x-atrium-dev-caller': 'WIX_USER:OWNER' };

beforeAll(async () => {
  server = await startLifecycleServer();
  service = await createAppointmentService(server, { staffMemberIds: [await createStaff(server, 'Alex')] });
}, 240_000);
afterAll(async () => server?.close(), 60_000);

describe('bookingHistory.getBookingHistory', () => {
  it('reads the changes of a booking with their dates, and refuses customers', async () => {
    const booking = await server.member('ada').createBooking(appointment(service, at(3, 10)));
    await server.owner().cancelBooking(booking.id, { revision: booking.revision });
    const owner = createClient({
      baseUrl: server.baseUrl,
      headers: ownerHeaders,
      modules: { bookingHistory },
    });
    const entries = await owner.bookingHistory.getBookingHistory(booking.id);
    expect(entries.map((entry) => [entry.event, entry.status])).toEqual([
      ['bookings.booking.created', 'CONFIRMED'],
      ['bookings.booking.canceled', 'CANCELED'],
    ]);
    expect(entries[0]!.startDate).toEqual(new Date(at(3, 10)));

    const member = createClient({
      baseUrl: server.baseUrl,
      headers: { 'x-atrium-dev-caller': 'MEMBER:ada' },
      modules: { bookingHistory },
    });
    await expectRefusal(member.bookingHistory.getBookingHistory(booking.id), 403);
  });
});

describe('bookingBulkStatus', () => {
  it('confirms and declines several bookings in one call, each on its own', async () => {
    const approval = await createAppointmentService(server, {
      staffMemberIds: [await createStaff(server, 'Bea')],
      approval: true,
    });
    const first = await server.member('ada').createBooking(appointment(approval, at(4, 9)));
    const second = await server.member('ada').createBooking(appointment(approval, at(4, 11)));
    const owner = createClient({
      baseUrl: server.baseUrl,
      headers: ownerHeaders,
      modules: { bookingBulkStatus },
    });
    const confirmed = await owner.bookingBulkStatus.bulkConfirmBookings([
      { bookingId: first.id, revision: first.revision },
      { bookingId: second.id, revision: '99' },
    ]);
    expect(confirmed.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(confirmed.results[0]!.item?.status).toBe('CONFIRMED');
    const declined = await owner.bookingBulkStatus.bulkDeclineBookings([{ bookingId: second.id }]);
    expect(declined.results[0]!.item?.status).toBe('DECLINED');
  });
});

describe('bookings.queryTimeOff', () => {
  it("reads several staff members' time off overlapping a range in one call, and refuses customers", async () => {
    const [cleo, dan] = [await createStaff(server, 'Cleo'), await createStaff(server, 'Dan')];
    const owner = server.owner();
    await owner.addTimeOff(cleo, { startDate: at(5, 9), endDate: at(5, 12), title: 'Dentist' });
    await owner.addTimeOff(dan, { startDate: at(6, 0), endDate: at(8, 0), title: 'Conference' });
    await owner.addTimeOff(dan, { startDate: at(20, 9), endDate: at(20, 10), title: 'Later' });

    const week = await owner.queryTimeOff({ staffMemberIds: [cleo, dan], from: at(4, 0), to: at(11, 0) });
    expect(week.map((entry) => [entry.staffMemberId, entry.title]).sort()).toEqual(
      [
        [cleo, 'Dentist'],
        [dan, 'Conference'],
      ].sort(),
    );
    expect(week.find((entry) => entry.title === 'Dentist')!.startDate).toEqual(new Date(at(5, 9)));

    const onlyDan = await owner.queryTimeOff({ staffMemberIds: [dan], from: at(7, 0), to: at(30, 0) });
    expect(onlyDan.map((entry) => entry.title).sort()).toEqual(['Conference', 'Later']);

    await expectRefusal(
      server.member('ada').queryTimeOff({ staffMemberIds: [cleo], from: at(4, 0), to: at(11, 0) }),
      403,
    );
  });
});

describe('team.acceptStaffInvitation', () => {
  it('signs the invited user in through the OAuth strategy, once', async () => {
    const owner = createClient({ baseUrl: server.baseUrl, headers: ownerHeaders, modules: { team } });
    await owner.team.inviteStaff({ email: 'sam@example.com', role: 'STAFF' });
    const mail = (await owner.request({
      method: 'GET',
      path: '/mail/v1/outbox?to=sam%40example.com&kind=identity.staff-invitation',
    })) as { messages: Array<{ text: string }> };
    const token = /Invitation token: (\S+)/.exec(mail.messages[0]?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');

    const { clients } = (await owner.request({ method: 'GET', path: '/identity/v1/oauth-clients' })) as {
      clients: Array<{ clientId: string; isDefault: boolean }>;
    };
    const auth = OAuthStrategy({
      clientId: clients.find((client) => client.isDefault)!.clientId,
      tokenStore: memoryTokenStore(),
      visitorFallback: false,
    });
    const invited = createClient({ baseUrl: server.baseUrl, auth, modules: { team, identity } });
    const tokens = await invited.team.acceptStaffInvitation({
      token,
      password: 'a long password',
      profile: { firstName: 'Sam' },
    });
    expect(tokens.refreshToken.role).toBe('none');
    expect((await auth.getTokens())?.accessToken.value).toBe(tokens.accessToken.value);
    const me = await invited.identity.getMyIdentity();
    expect(me).toMatchObject({ identityType: 'WIX_USER', role: 'STAFF' });

    await expectRefusal(invited.team.acceptStaffInvitation({ token, password: 'a long password' }), 400);
  });
});
