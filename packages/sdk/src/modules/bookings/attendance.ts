import type { bulkDeleteAttendanceResponseSchema } from '@atrium/contract/bookings/lifecycle';
import type { z } from 'zod';
import { defineModule, type ModuleDefinition } from '../../client.ts';
import type { Filter } from '@atrium/contract/query';
import { segment, send } from './shared.ts';

export type BulkDeleteAttendanceResult = z.infer<typeof bulkDeleteAttendanceResponseSchema>;

/** Attendance calls beside set, get, query and bulk set (in `bookingCalls`). Business only. */
export const attendanceCalls = {
  /**
   * `DELETE /bookings/v2/attendance/{id}`: the booking's attendance is NOT_SET again (a no-show fee
   * already recorded stays).
   * @example await client.bookings.deleteAttendance(attendance.id);
   */
  deleteAttendance:
    (context) =>
    async (attendanceId: string): Promise<void> => {
      await send(context, 'DELETE', `/bookings/v2/attendance/${segment(attendanceId)}`);
    },

  /**
   * `POST /bookings/v2/bulk/attendance/delete`: each record deleted on its own.
   * @example const { bulkActionMetadata } = await client.bookings.bulkDeleteAttendance([a.id, b.id]);
   */
  bulkDeleteAttendance:
    (context) =>
    (attendanceIds: string[]): Promise<BulkDeleteAttendanceResult> =>
      send(context, 'POST', '/bookings/v2/bulk/attendance/delete', { attendanceIds }),

  /**
   * `POST /bookings/v2/attendance/count`: attendance records matching a filter.
   * @example const attended = await client.bookings.countAttendance({ status: 'ATTENDED' });
   */
  countAttendance:
    (context) =>
    async (filter?: Filter): Promise<number> =>
      (await send<{ count: number }>(context, 'POST', '/bookings/v2/attendance/count', { filter })).count,
} satisfies ModuleDefinition;

/** Attendance beyond setting it, on its own for apps that need only this. */
export const attendance = defineModule(attendanceCalls);
