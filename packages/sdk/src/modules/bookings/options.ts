import type {
  ServiceChoice,
  calculatePriceRequestSchema,
  priceInfoSchema,
  previewPriceRequestSchema,
  queryServiceOptionsAndVariantsResponseSchema,
  serviceOptionsAndVariantsInputSchema,
  serviceOptionsAndVariantsSchema,
} from '@atrium/contract/bookings/options';
import type { z } from 'zod';
import { defineModule, type ModuleDefinition } from '../../client.ts';
import { call, postedQuery, segment, send, toPage } from './shared.ts';

export type { ServiceChoice };
export type ServiceOptionsAndVariants = z.infer<typeof serviceOptionsAndVariantsSchema>;
export type ServiceOptionsAndVariantsInput = z.input<typeof serviceOptionsAndVariantsInputSchema>;
export type PriceInfo = z.infer<typeof priceInfoSchema>;
export type BookingLineItem = z.input<typeof previewPriceRequestSchema>['bookingLineItems'][number];
export type PriceCalculation = z.input<typeof calculatePriceRequestSchema>['booking'];

const base = '/bookings/v1/serviceOptionsAndVariants';
type OptionsAnswer = { serviceOptionsAndVariants: ServiceOptionsAndVariants };

export const optionCalls = {
  /**
   * `POST /bookings/v1/serviceOptionsAndVariants`: the options of a service and a price per combination.
   * @example await client.bookings.createServiceOptionsAndVariants({ serviceId, options: { values: [{ id, type: 'DURATION' }] }, variants: { values: [...] } })
   */
  createServiceOptionsAndVariants:
    (context) => (serviceOptionsAndVariants: ServiceOptionsAndVariantsInput & { serviceId: string }) =>
      call<OptionsAnswer, 'serviceOptionsAndVariants'>(context, 'POST', base, 'serviceOptionsAndVariants', {
        serviceOptionsAndVariants,
      }),
  /** `GET /bookings/v1/serviceOptionsAndVariants/{id}`. */
  getServiceOptionsAndVariants: (context) => (id: string) =>
    call<OptionsAnswer, 'serviceOptionsAndVariants'>(
      context,
      'GET',
      `${base}/${segment(id)}`,
      'serviceOptionsAndVariants',
    ),
  /** `GET /bookings/v1/serviceOptionsAndVariants/service_id/{serviceId}`: 404 when the service has none. */
  getServiceOptionsAndVariantsByServiceId: (context) => (serviceId: string) =>
    call<{ serviceVariants: ServiceOptionsAndVariants }, 'serviceVariants'>(
      context,
      'GET',
      `${base}/service_id/${segment(serviceId)}`,
      'serviceVariants',
    ),
  /** `PATCH /bookings/v1/serviceOptionsAndVariants/{id}` (with `revision`). */
  updateServiceOptionsAndVariants:
    (context) => (id: string, serviceOptionsAndVariants: ServiceOptionsAndVariantsInput, mask?: string[]) =>
      call<OptionsAnswer, 'serviceOptionsAndVariants'>(
        context,
        'PATCH',
        `${base}/${segment(id)}`,
        'serviceOptionsAndVariants',
        { serviceOptionsAndVariants, ...(mask ? { mask } : {}) },
      ),
  /** `DELETE /bookings/v1/serviceOptionsAndVariants/{id}`. */
  deleteServiceOptionsAndVariants:
    (context) =>
    async (id: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/${segment(id)}`);
    },
  /** `POST /bookings/v1/serviceOptionsAndVariants/{id}/clone`: copies them to another service. */
  cloneServiceOptionsAndVariants: (context) => (cloneFromId: string, targetServiceId: string) =>
    call<OptionsAnswer, 'serviceOptionsAndVariants'>(
      context,
      'POST',
      `${base}/${segment(cloneFromId)}/clone`,
      'serviceOptionsAndVariants',
      { targetServiceId },
    ),
  /** `POST /bookings/v1/serviceOptionsAndVariants/query` (offset paging). */
  queryServiceOptionsAndVariants: (context) => () =>
    postedQuery<ServiceOptionsAndVariants, z.infer<typeof queryServiceOptionsAndVariantsResponseSchema>>(
      context,
      `${base}/query`,
      (answer) => toPage(answer.serviceOptionsAndVariantsList, answer.pagingMetadata),
    ),

  /**
   * `POST /bookings/v2/pricing/preview`: the price of a booking before it exists. Amounts are decimal strings.
   * @example const { calculatedPrice } = await client.bookings.previewPrice([{ serviceId, numberOfParticipants: 2 }])
   */
  previewPrice: (context) => (bookingLineItems: BookingLineItem[]) =>
    call<{ priceInfo: PriceInfo }, 'priceInfo'>(
      context,
      'POST',
      '/bookings/v2/pricing/preview',
      'priceInfo',
      {
        bookingLineItems,
      },
    ),
  /** `POST /bookings/v2/pricing/calculate`: the price of a booking as the booking would hold it. */
  calculatePrice: (context) => (booking: PriceCalculation) =>
    call<{ priceInfo: PriceInfo }, 'priceInfo'>(
      context,
      'POST',
      '/bookings/v2/pricing/calculate',
      'priceInfo',
      {
        booking,
      },
    ),
} satisfies ModuleDefinition;

/** Service options and variants, and prices. */
export const serviceOptions = defineModule(optionCalls);
