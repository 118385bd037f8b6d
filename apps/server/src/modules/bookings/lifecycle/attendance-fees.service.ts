import { bookingFeeErrorCodes } from '@atrium/contract/bookings/lifecycle';
import type { RequestContext } from '../../../platform/context.ts';
import { AppError, badRequest } from '../../../platform/errors/app-error.ts';
import { bulkResults } from '../../../platform/bulk/bulk-results.ts';
import { compileFilter } from '../../../platform/query/compile-filter.ts';
import { parseFilter } from '../../../platform/query/parse-filter.ts';
import type { AttendanceRepository } from './attendance.repository.ts';
import type { BookingsRepository } from './bookings.repository.ts';
import { attendanceQueryEntity } from './extended-bookings.repository.ts';
import type { ExtendedBookingsService } from './extended-bookings.service.ts';
import { lifecycleErrors } from './lifecycle.errors.ts';

const attendanceNotFound = (id: string) =>
  new AppError(404, 'ATTENDANCE_NOT_FOUND', `Attendance ${id} not found`, { data: { id } });

/**
 * The attendance and booking-fee calls of the official clients that Atrium's own paths lacked: count and
 * delete attendance (one or many), list fees by a GET, and apply or collect fees on an order. Fees are
 * applied to an order's additional fees by commerce, which has no such fees yet: no fee is ever applied,
 * so applying answers ORDER_NOT_FOUND (the bookings have no order to carry it) and collecting answers
 * ADDITIONAL_FEE_NOT_FOUND, the codes the client declares.
 */
export function createAttendanceFeesService(deps: {
  attendance: AttendanceRepository;
  repository: BookingsRepository;
  extended: ExtendedBookingsService;
}) {
  const { attendance, repository, extended } = deps;

  return {
    async countAttendance(ctx: RequestContext, filter: unknown) {
      const where = compileFilter(parseFilter(attendanceQueryEntity, filter ?? undefined, ['filter']));
      return { count: await attendance.count(ctx.site.id, where) };
    },

    /** Deleting a record returns the booking to NOT_SET attendance (no record); fees already recorded stay. */
    async deleteAttendance(ctx: RequestContext, id: string): Promise<void> {
      if (!(await attendance.delete(ctx.site.id, id))) throw attendanceNotFound(id);
    },

    async bulkDeleteAttendance(ctx: RequestContext, ids: readonly string[]) {
      return bulkResults(
        ids,
        (id) => this.deleteAttendance(ctx, id),
        (id) => id,
      );
    },

    async listFees(ctx: RequestContext, bookingIds: string | readonly string[] | undefined) {
      const ids = bookingIds === undefined ? [] : typeof bookingIds === 'string' ? [bookingIds] : bookingIds;
      if (ids.length === 0)
        throw badRequest(bookingFeeErrorCodes.missingBookingIds, 'Name at least one booking');
      return extended.listFees(ctx, ids);
    },

    async applyFees(ctx: RequestContext, bookingIds: readonly string[]): Promise<never> {
      const found = await repository.findByIds(ctx.site.id, bookingIds);
      const missing = bookingIds.find((id) => !found.some((row) => row.id === id));
      if (missing) throw lifecycleErrors.bookingNotFound(missing);
      throw new AppError(
        404,
        bookingFeeErrorCodes.orderNotFound,
        'These bookings have no order to apply their fees to: collect the fees at the business',
        { data: { bookingIds } },
      );
    },

    async collectFees(_ctx: RequestContext, orderId: string, additionalFeeId: string): Promise<never> {
      throw new AppError(
        404,
        bookingFeeErrorCodes.additionalFeeNotFound,
        `Order ${orderId} has no booking fee ${additionalFeeId}`,
        { data: { orderId, additionalFeeId } },
      );
    },
  };
}

export type AttendanceFeesService = ReturnType<typeof createAttendanceFeesService>;
