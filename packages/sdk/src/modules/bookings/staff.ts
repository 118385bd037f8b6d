import type {
  StaffMember,
  bookingsSettingsSchema,
  listTimeOffResponseSchema,
  queryStaffMembersResponseSchema,
  staffMemberInputSchema,
  staffServicesResponseSchema,
  timeOffInputSchema,
  timeOffSchema,
  workingHoursResponseSchema,
} from '@atrium/contract/bookings/staff';
import type { WorkingPeriod, workingPeriodSchema } from '@atrium/contract/bookings/common';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import { defineModule, type ClientContext, type ModuleDefinition } from '../../client.ts';
import type { DateInput, WithDates } from '../../dates.ts';
import type { QueryBuilder } from '../../query.ts';
import { call, postedQuery, segment, send, toPage } from './shared.ts';

export type { StaffMember, WorkingPeriod };
/** A working period as a caller writes it: `MON` or `MONDAY`, `09:00` to `17:00` (`24:00` allowed as an end). */
export type WorkingPeriodInput = z.input<typeof workingPeriodSchema>;
export type StaffMemberInput = z.input<typeof staffMemberInputSchema>;
export type WorkingHours = z.infer<typeof workingHoursResponseSchema>;
export type TimeOff = WithDates<z.infer<typeof timeOffSchema>>;
export type TimeOffInput = DateInput<z.input<typeof timeOffInputSchema>>;
export type BookingsSettings = WithDates<z.infer<typeof bookingsSettingsSchema>>;

const base = '/bookings/v1/staff-members';

function queryStaffMembers(context: ClientContext): QueryBuilder<WithDates<StaffMember>> {
  return postedQuery<WithDates<StaffMember>, z.infer<typeof queryStaffMembersResponseSchema>>(
    context,
    `${base}/query`,
    (answer) => toPage(answer.staffMembers, answer.pagingMetadata),
    { paging: 'cursor' },
  );
}

export const staffCalls = {
  /**
   * `POST /bookings/v1/staff-members`. Without `workingHours` the staff member works the business hours.
   * @example await client.bookings.createStaffMember({ name: 'Dana Levi', email: 'dana@example.com' })
   */
  createStaffMember: (context) => (staffMember: StaffMemberInput) =>
    call<{ staffMember: StaffMember }, 'staffMember'>(context, 'POST', base, 'staffMember', { staffMember }),

  /** `GET /bookings/v1/staff-members/{id}`. */
  getStaffMember: (context) => (staffMemberId: string) =>
    call<{ staffMember: StaffMember }, 'staffMember'>(
      context,
      'GET',
      `${base}/${segment(staffMemberId)}`,
      'staffMember',
    ),

  /** `PATCH /bookings/v1/staff-members/{id}`: the fields in `mask`, or those given. */
  updateStaffMember: (context) => (staffMemberId: string, staffMember: StaffMemberInput, mask?: string[]) =>
    call<{ staffMember: StaffMember }, 'staffMember'>(
      context,
      'PATCH',
      `${base}/${segment(staffMemberId)}`,
      'staffMember',
      { staffMember, ...(mask ? { mask } : {}) },
    ),

  /** `DELETE /bookings/v1/staff-members/{id}`. */
  deleteStaffMember:
    (context) =>
    async (staffMemberId: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/${segment(staffMemberId)}`);
    },

  /**
   * `GET /bookings/v1/staff-members/trash-bin`: deleted staff members still restorable (30 days), most
   * recently deleted first; `cursor` is the previous page's `pagingMetadata.cursors.next`.
   * @example const { staffMembers } = await client.bookings.listDeletedStaffMembers({ limit: 20 })
   */
  listDeletedStaffMembers:
    (context) =>
    async (options: { staffMemberIds?: string[]; limit?: number; cursor?: string } = {}) => {
      const query: Record<string, string | string[]> = {};
      if (options.staffMemberIds?.length) query.staffMemberIds = options.staffMemberIds;
      if (options.limit) query['paging.limit'] = String(options.limit);
      if (options.cursor) query['paging.cursor'] = options.cursor;
      return context.request<{
        staffMembers: StaffMember[];
        pagingMetadata: { count: number; cursors: { next?: string | null }; hasNext: boolean };
      }>({ method: 'GET', path: `${base}/trash-bin`, query });
    },

  /** `GET /bookings/v1/staff-members/trash-bin/{id}`: a deleted staff member (with `deletedDate`). */
  getDeletedStaffMember: (context) => (staffMemberId: string) =>
    call<{ staffMember: StaffMember }, 'staffMember'>(
      context,
      'GET',
      `${base}/trash-bin/${segment(staffMemberId)}`,
      'staffMember',
    ),

  /** `POST /bookings/v1/staff-members/trash-bin/{id}/restore`: back with their hours, time off and services. */
  restoreStaffMember: (context) => (staffMemberId: string) =>
    call<{ staffMember: StaffMember }, 'staffMember'>(
      context,
      'POST',
      `${base}/trash-bin/${segment(staffMemberId)}/restore`,
      'staffMember',
      {},
    ),

  /** `DELETE /bookings/v1/staff-members/trash-bin/{id}`: deletes a staff member in the trash bin for good. */
  removeStaffMemberFromTrashBin:
    (context) =>
    async (staffMemberId: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/trash-bin/${segment(staffMemberId)}`);
    },

  /**
   * `POST /bookings/v1/staff-members/{id}/set-service-provider`: `false` takes the staff member out of
   * booking flows (availability, what visitors see); hours, services and bookings are kept.
   * @example await client.bookings.setServiceProvider(staffMemberId, false)
   */
  setServiceProvider: (context) => (staffMemberId: string, serviceProvider: boolean) =>
    call<{ staffMember: StaffMember }, 'staffMember'>(
      context,
      'POST',
      `${base}/${segment(staffMemberId)}/set-service-provider`,
      'staffMember',
      { serviceProvider },
    ),

  /**
   * `POST /bookings/v1/staff-members/query`: a query builder with cursor paging.
   * @example const { items } = await client.bookings.queryStaffMembers().ascending('name').find();
   */
  queryStaffMembers: (context) => () => queryStaffMembers(context),

  /** `POST /bookings/v1/staff-members/count`. */
  countStaffMembers:
    (context) =>
    async (filter?: Filter): Promise<number> =>
      (await send<{ count: number }>(context, 'POST', `${base}/count`, { filter })).count,

  /**
   * `POST /bookings/v1/staff-members/{id}/connect-staff-member-to-user`: links the staff member to the
   * dashboard user with `email` (their own when absent); `associatedWixIdentity.connection.status` is
   * CONNECTED, or PENDING until such a user exists.
   * @example await client.bookings.connectStaffMemberToUser(staffMemberId, { email: 'dana@example.com' })
   */
  connectStaffMemberToUser:
    (context) =>
    (staffMemberId: string, options: { email?: string } = {}) =>
      call<{ staffMember: StaffMember }, 'staffMember'>(
        context,
        'POST',
        `${base}/${segment(staffMemberId)}/connect-staff-member-to-user`,
        'staffMember',
        options,
      ),

  /** `POST /bookings/v1/staff-members/{id}/disconnect-staff-member-from-user`. */
  disconnectStaffMemberFromUser: (context) => (staffMemberId: string) =>
    call<{ staffMember: StaffMember }, 'staffMember'>(
      context,
      'POST',
      `${base}/${segment(staffMemberId)}/disconnect-staff-member-from-user`,
      'staffMember',
      {},
    ),

  /** `GET /bookings/v1/staff-members/{id}/working-hours`: the hours in force (own or the business's). */
  getWorkingHours: (context) => (staffMemberId: string) =>
    send<WorkingHours>(context, 'GET', `${base}/${segment(staffMemberId)}/working-hours`),

  /** `PUT /bookings/v1/staff-members/{id}/working-hours`: own hours (overlaps are a 400). */
  setWorkingHours: (context) => (staffMemberId: string, workingHours: WorkingPeriodInput[]) =>
    send<WorkingHours>(context, 'PUT', `${base}/${segment(staffMemberId)}/working-hours`, { workingHours }),

  /** `POST /bookings/v1/staff-members/{id}/working-hours/use-business-hours`. */
  useBusinessHours: (context) => (staffMemberId: string) =>
    send<WorkingHours>(
      context,
      'POST',
      `${base}/${segment(staffMemberId)}/working-hours/use-business-hours`,
      {},
    ),

  /** `GET /bookings/v1/staff-members/{id}/time-off`, optionally between two instants. */
  listTimeOff:
    (context) =>
    async (
      staffMemberId: string,
      range: { from?: Date | string; to?: Date | string } = {},
    ): Promise<TimeOff[]> => {
      const query: Record<string, string> = {};
      if (range.from) query.from = new Date(range.from).toISOString();
      if (range.to) query.to = new Date(range.to).toISOString();
      const answer = await context.request<z.infer<typeof listTimeOffResponseSchema>>({
        method: 'GET',
        path: `${base}/${segment(staffMemberId)}/time-off`,
        query,
      });
      return answer.timeOff;
    },

  /**
   * `POST /bookings/v1/staff-members/time-off/query` (business): time off of several staff members that
   * overlaps [from, to), in one call.
   * @example await client.bookings.queryTimeOff({ staffMemberIds: [a, b], from: monday, to: nextMonday })
   */
  queryTimeOff:
    (context) =>
    async (request: {
      staffMemberIds: string[];
      from: Date | string;
      to: Date | string;
    }): Promise<TimeOff[]> =>
      (
        await context.request<z.infer<typeof listTimeOffResponseSchema>>({
          method: 'POST',
          path: `${base}/time-off/query`,
          body: {
            staffMemberIds: request.staffMemberIds,
            from: new Date(request.from).toISOString(),
            to: new Date(request.to).toISOString(),
          },
        })
      ).timeOff,

  /** `POST /bookings/v1/staff-members/{id}/time-off`: blocks availability between two instants. */
  addTimeOff: (context) => (staffMemberId: string, timeOff: TimeOffInput) =>
    call<{ timeOff: z.infer<typeof timeOffSchema> }, 'timeOff'>(
      context,
      'POST',
      `${base}/${segment(staffMemberId)}/time-off`,
      'timeOff',
      { timeOff },
    ),

  /** `DELETE /bookings/v1/staff-members/{id}/time-off/{timeOffId}`. */
  deleteTimeOff:
    (context) =>
    async (staffMemberId: string, timeOffId: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/${segment(staffMemberId)}/time-off/${segment(timeOffId)}`);
    },

  /** `GET /bookings/v1/staff-members/{id}/services`: the services the staff member gives. */
  listStaffMemberServices: (context) => async (staffMemberId: string) =>
    (
      await send<z.infer<typeof staffServicesResponseSchema>>(
        context,
        'GET',
        `${base}/${segment(staffMemberId)}/services`,
      )
    ).services,

  /** `PUT /bookings/v1/staff-members/{id}/services`: replaces them. */
  setStaffMemberServices: (context) => async (staffMemberId: string, serviceIds: string[]) =>
    (
      await send<z.infer<typeof staffServicesResponseSchema>>(
        context,
        'PUT',
        `${base}/${segment(staffMemberId)}/services`,
        { serviceIds },
      )
    ).services,

  /** `GET /bookings/v1/settings`: the business hours and time zone. */
  getBookingsSettings: (context) => () =>
    call<{ settings: z.infer<typeof bookingsSettingsSchema> }, 'settings'>(
      context,
      'GET',
      '/bookings/v1/settings',
      'settings',
    ),

  /** `PATCH /bookings/v1/settings`: new business hours (with `revision`, a stale copy is a 409). */
  updateBookingsSettings:
    (context) => (settings: { businessHours: WorkingPeriodInput[]; revision?: string }) =>
      call<{ settings: z.infer<typeof bookingsSettingsSchema> }, 'settings'>(
        context,
        'PATCH',
        '/bookings/v1/settings',
        'settings',
        { settings },
      ),
} satisfies ModuleDefinition;

/** Staff members, their hours, time off and services, and the business hours. */
export const staffMembers = defineModule(staffCalls);
