import type { Booking, FlowControlSettings, PaymentStatus } from '@atrium/contract/bookings/lifecycle';
import type { RequestContext } from '../../../platform/context.ts';
import { invalidField } from '../../../platform/errors/app-error.ts';
import type { PolicyViolations } from '../availability/index.ts';
import { iso } from '../catalogue-shared.ts';
import { defaultFormId } from './booking-form.ts';
import type { BookingAction } from './booking-state.ts';
import type { BookingRow } from './bookings.tables.ts';
import { lifecycleErrors } from './lifecycle.errors.ts';

/** Confirming, declining and marking as pending are the business's (or its payment record's) to do. */
export const businessActions: ReadonlySet<BookingAction> = new Set(['confirm', 'decline', 'markAsPending']);

export function isBusinessCaller(ctx: RequestContext): boolean {
  return ctx.caller.identityType === 'WIX_USER' || ctx.caller.identityType === 'APP';
}

/** The wire booking (official client shape). */
export function toWireBooking(row: BookingRow): Booking {
  const location = row.location ?? undefined;
  const entityTimezone = row.timezone;
  const isCourse = row.serviceType === 'COURSE';
  const createdBy: Booking['createdBy'] =
    row.createdByType === 'MEMBER'
      ? { memberId: row.createdById ?? undefined }
      : row.createdByType === 'ANONYMOUS_VISITOR'
        ? { anonymousVisitorId: row.createdById ?? undefined }
        : row.createdByType === 'APP'
          ? { appId: row.createdById ?? undefined }
          : { wixUserId: row.createdById ?? undefined };
  return {
    id: row.id,
    revision: String(row.revision),
    status: row.status,
    paymentStatus: row.paymentStatus as PaymentStatus,
    selectedPaymentOption: row.selectedPaymentOption as Booking['selectedPaymentOption'],
    bookedEntity: {
      ...(isCourse
        ? {
            schedule: {
              scheduleId: row.scheduleId,
              serviceId: row.serviceId,
              location: location as never,
              timezone: entityTimezone,
              firstSessionStart: iso(row.startDate),
              lastSessionEnd: iso(row.endDate),
            },
          }
        : {
            slot: {
              sessionId: row.sessionKey,
              eventId: row.sessionKey,
              serviceId: row.serviceId,
              scheduleId: row.scheduleId,
              startDate: iso(row.startDate),
              endDate: iso(row.endDate),
              timezone: entityTimezone,
              resource: row.staffMemberId ? { id: row.staffMemberId } : null,
              resources: row.resourceIds.map((id) => ({ id })),
              location: location as never,
            },
          }),
      title: row.title,
      tags: [
        row.serviceType === 'APPOINTMENT' ? 'INDIVIDUAL' : row.serviceType === 'CLASS' ? 'GROUP' : 'COURSE',
      ],
    },
    ...(row.contactDetails ? { contactDetails: row.contactDetails as Booking['contactDetails'] } : {}),
    totalParticipants: row.totalParticipants,
    participantsChoices: (row.participantsChoices as Booking['participantsChoices']) ?? null,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
    canceledDate: row.canceledDate ? iso(row.canceledDate) : null,
    createdBy,
    externalUserId: row.externalUserId,
    ...(row.doubleBooked ? { doubleBooked: true } : {}),
    formId: row.formId ?? defaultFormId,
    formSubmissionId: row.formSubmissionId,
    submissionId: row.formSubmissionId,
    extendedFields: { namespaces: row.extendedFields ?? {} },
    multiServiceBookingInfo:
      row.multiServiceBookingId && row.multiServiceBookingType
        ? { id: row.multiServiceBookingId, type: row.multiServiceBookingType as never }
        : null,
    sendSmsReminder: row.sendSmsReminder,
    bookingSource: {
      actor: row.actor as 'BUSINESS' | 'CUSTOMER',
      platform: row.platform as 'WEB' | 'MOBILE_APP',
    },
  };
}

export function assertFlowControl(ctx: RequestContext, flow: FlowControlSettings | null | undefined): void {
  if (!flow || isBusinessCaller(ctx)) return;
  const { withRefund: _ignored, ...checks } = flow;
  if (Object.values(checks).some((value) => value === true)) {
    throw lifecycleErrors.businessOnly(
      'skip availability, policy or confirmation checks (flowControlSettings)',
    );
  }
}

export function assertOwnBooking(ctx: RequestContext, row: BookingRow): void {
  if (isBusinessCaller(ctx)) return;
  const mine =
    ctx.caller.openedByToken?.includes(row.id) === true ||
    (ctx.caller.identityId !== undefined &&
      row.createdById === ctx.caller.identityId &&
      row.createdByType === ctx.caller.identityType);
  // Another customer's booking answers as missing: its id says nothing to them.
  if (!mine) throw lifecycleErrors.bookingNotFound(row.id);
}

export function parseInstant(value: string, field: string): number {
  const instant = Date.parse(value);
  if (Number.isNaN(instant)) throw invalidField(field, 'must be an ISO-8601 date-time', 'FORMAT');
  return instant;
}

export function participantsOf(input: {
  totalParticipants?: number | null;
  participantsChoices?: { serviceChoices?: Array<{ numberOfParticipants?: number | null }> | null } | null;
}): number {
  if (input.totalParticipants) return input.totalParticipants;
  const choices = input.participantsChoices?.serviceChoices ?? [];
  const sum = choices.reduce((total, choice) => total + (choice.numberOfParticipants ?? 0), 0);
  return sum > 0 ? sum : 1;
}

export function violationReason(violations: PolicyViolations): string {
  if (violations.bookOnlineDisabled) return 'online booking is switched off';
  if (violations.tooEarlyToBook) return 'it is too early to book this slot';
  return 'it is too late to book this slot';
}
