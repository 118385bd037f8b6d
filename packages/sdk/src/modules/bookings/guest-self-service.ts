import type {
  AllowedAnonymousActions,
  guestBookingResponseSchema,
  guestMultiServiceBookingResponseSchema,
  guestMultiServiceCancelResponseSchema,
  guestRescheduleRequestSchema,
  guestServiceResponseSchema,
} from '@atrium/contract/bookings/guest-self-service';
import type { z } from 'zod';
import { defineModule, type ModuleDefinition } from '../../client.ts';
import type { DateInput, WithDates } from '../../dates.ts';
import { segment, send } from './shared.ts';

export type { AllowedAnonymousActions };
export type GuestBooking = WithDates<z.infer<typeof guestBookingResponseSchema>>;
export type GuestMultiServiceBooking = WithDates<z.infer<typeof guestMultiServiceBookingResponseSchema>>;
export type GuestRescheduleRequest = DateInput<z.input<typeof guestRescheduleRequestSchema>>;

const bookingsBase = '/bookings/v1/anonymous-bookings';
const msbBase = '/bookings/v1/anonymous-multi-service-bookings';

export const guestSelfServiceCalls = {
  /**
   * `GET /bookings/v1/anonymous-bookings/{bookingId}/token` (business): a token that opens this one booking
   * to whoever holds it (the link in the customer's mails). It expires, and stops working once the
   * booking has ended.
   * @example const token = await client.guestSelfService.getGuestBookingToken(bookingId);
   */
  getGuestBookingToken:
    (context) =>
    async (bookingId: string): Promise<string> =>
      (await send<{ token: string }>(context, 'GET', `${bookingsBase}/${segment(bookingId)}/token`)).token,

  /**
   * `GET /bookings/v1/anonymous-bookings/{token}`: the booking the token opens and what its guest may do
   * now (`allowedAnonymousActions`). An unknown, expired or ended token fails with code `INVALID_TOKEN`.
   * @example const { booking, allowedAnonymousActions } = await client.guestSelfService.getGuestBooking(token);
   */
  getGuestBooking:
    (context) =>
    (token: string): Promise<GuestBooking> =>
      send(context, 'GET', `${bookingsBase}/${segment(token)}`) as Promise<GuestBooking>,

  /** `GET /bookings/v1/anonymous-bookings/{token}/service`: the service of the booking the token opens. */
  getGuestBookingService: (context) => async (token: string) =>
    (
      (await send(context, 'GET', `${bookingsBase}/${segment(token)}/service`)) as WithDates<
        z.infer<typeof guestServiceResponseSchema>
      >
    ).service,

  /**
   * `POST /bookings/v1/anonymous-bookings/{token}/cancel`: cancels the booking within the policy (code
   * `BOOKING_CANNOT_BE_CANCELLED` when the policy does not let guests cancel now).
   * @example await client.guestSelfService.cancelGuestBooking(token, booking.revision);
   */
  cancelGuestBooking:
    (context) =>
    async (token: string, revision?: string | null): Promise<GuestBooking['booking']> =>
      (
        (await send(context, 'POST', `${bookingsBase}/${segment(token)}/cancel`, {
          revision,
        })) as Pick<GuestBooking, 'booking'>
      ).booking,

  /**
   * `POST /bookings/v1/anonymous-bookings/{token}/reschedule`: moves the booking to another slot of its
   * service within the policy (code `RESCHEDULING_NOT_ALLOWED` otherwise).
   * @example await client.guestSelfService.rescheduleGuestBooking(token, { slot: { serviceId, startDate }, revision });
   */
  rescheduleGuestBooking:
    (context) =>
    async (token: string, request: GuestRescheduleRequest): Promise<GuestBooking['booking']> =>
      (
        (await send(context, 'POST', `${bookingsBase}/${segment(token)}/reschedule`, request)) as Pick<
          GuestBooking,
          'booking'
        >
      ).booking,

  /** `GET /bookings/v1/anonymous-multi-service-bookings/{id}/token` (business): a token for one multi-service booking. */
  getGuestMultiServiceBookingToken:
    (context) =>
    async (multiServiceBookingId: string): Promise<string> =>
      (await send<{ token: string }>(context, 'GET', `${msbBase}/${segment(multiServiceBookingId)}/token`))
        .token,

  /** `GET /bookings/v1/anonymous-multi-service-bookings/{token}`: the multi-service booking the token opens. */
  getGuestMultiServiceBooking:
    (context) =>
    (token: string): Promise<GuestMultiServiceBooking> =>
      send(context, 'GET', `${msbBase}/${segment(token)}`) as Promise<GuestMultiServiceBooking>,

  /** `POST /bookings/v1/anonymous-multi-service-bookings/{token}/cancel`: cancels all of its bookings, or none. */
  cancelGuestMultiServiceBooking: (context) => async (token: string) =>
    (
      (await send(context, 'POST', `${msbBase}/${segment(token)}/cancel`, {})) as WithDates<
        z.infer<typeof guestMultiServiceCancelResponseSchema>
      >
    ).multiServiceBooking,
} satisfies ModuleDefinition;

/** Guest self-service by token, on its own so a site's "manage my booking" page ships only this. */
export const guestSelfService = defineModule(guestSelfServiceCalls);
