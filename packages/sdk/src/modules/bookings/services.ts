import type {
  AddOnGroup,
  Aggregation,
  Service,
  bulkCreateServicesRequestSchema,
  bulkServicesResponseSchema,
  bulkUpdateServicesRequestSchema,
  cloneServiceResponseSchema,
  createAddOnGroupRequestSchema,
  listAddOnGroupsResponseSchema,
  queryBookingFormsRequestSchema,
  queryBookingFormsResponseSchema,
  queryLocationsRequestSchema,
  queryLocationsResponseSchema,
  queryPoliciesRequestSchema,
  queryPoliciesResponseSchema,
  queryServiceCategoriesRequestSchema,
  queryServiceCategoriesResponseSchema,
  queryServicesResponseSchema,
  searchServicesRequestSchema,
  searchServicesResponseSchema,
  serviceInputSchema,
  setCustomSlugResponseSchema,
  setServiceLocationsRequestSchema,
  updateAddOnGroupRequestSchema,
  validateSlugResponseSchema,
} from '@atrium/contract/bookings/services';
import type {
  recurringSessionInputSchema,
  recurringSessionSchema,
  timeZoneChangePreviewResponseSchema,
  serviceScheduleResponseSchema,
  sessionInputSchema,
  sessionSchema,
} from '@atrium/contract/bookings/schedules';
import type { Filter } from '@atrium/contract/query';
import type { z } from 'zod';
import { defineModule, type ClientContext, type ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import type { QueryBuilder } from '../../query.ts';
import { call, postedQuery, segment, send, toPage } from './shared.ts';

export type { AddOnGroup, Aggregation, Service };
/** The fields a caller writes on a service (create, update, bulk). */
export type ServiceInput = z.input<typeof serviceInputSchema>;
export type BulkServicesResult = WithDates<z.infer<typeof bulkServicesResponseSchema>>;
export type ServiceSearch = z.input<typeof searchServicesRequestSchema>['search'];
export type ServiceSearchResult = WithDates<z.infer<typeof searchServicesResponseSchema>>;
export type ServiceLocationsChange = z.input<typeof setServiceLocationsRequestSchema>;
export type RecurringSessionInput = z.input<typeof recurringSessionInputSchema>;
export type SessionInput = z.input<typeof sessionInputSchema>;
/** Session dates of a schedule are local dates (`2026-01-06`) or instants kept as strings. */
export type RecurringSession = z.infer<typeof recurringSessionSchema>;
export type Session = z.infer<typeof sessionSchema>;
export type ServiceSchedule = z.infer<typeof serviceScheduleResponseSchema>['schedule'];

/** What deleting a service does to booked sessions and whom it tells. */
export interface DeleteServiceOptions {
  preserveFutureSessionsWithParticipants?: boolean;
  participantNotification?: { notifyParticipants?: boolean; message?: string };
}

const base = '/bookings/v2/services';
// Schedules keep local dates as strings: reviving only the entity dates keeps `startDate: "2026-01-06"` as given.
const scheduleDates = ['createdDate', 'updatedDate'];

function queryServices(context: ClientContext): QueryBuilder<WithDates<Service>> {
  return postedQuery<WithDates<Service>, z.infer<typeof queryServicesResponseSchema>>(
    context,
    `${base}/query`,
    (answer) => toPage(answer.services, answer.pagingMetadata),
  );
}

export const serviceCalls = {
  /**
   * `POST /bookings/v2/services`: creates an appointment, class or course.
   * @example await client.bookings.createService({ type: 'APPOINTMENT', name: 'Haircut', payment: { rateType: 'FIXED', fixed: { price: { value: '45.00' } } } })
   */
  createService: (context) => (service: ServiceInput) =>
    call<{ service: Service }, 'service'>(context, 'POST', base, 'service', { service }),

  /** `POST /bookings/v2/bulk/services/create`: each service succeeds or fails on its own. */
  bulkCreateServices:
    (context) =>
    (services: ServiceInput[], options: { returnEntity?: boolean } = {}): Promise<BulkServicesResult> =>
      send<z.infer<typeof bulkServicesResponseSchema>>(context, 'POST', '/bookings/v2/bulk/services/create', {
        services,
        ...options,
      } satisfies z.input<typeof bulkCreateServicesRequestSchema>),

  /** `GET /bookings/v2/services/{id}`. */
  getService: (context) => (serviceId: string) =>
    call<{ service: Service }, 'service'>(context, 'GET', `${base}/${segment(serviceId)}`, 'service'),

  /**
   * `PATCH /bookings/v2/services/{id}`: changes the fields in `mask`, or merges those given. Send the
   * `revision` you read: a stale one fails with code `REVISION_MISMATCH` (409).
   * @example await client.bookings.updateService(id, { name: 'Long haircut', revision: service.revision }, ['name'])
   */
  updateService: (context) => (serviceId: string, service: ServiceInput, mask?: string[]) =>
    call<{ service: Service }, 'service'>(context, 'PATCH', `${base}/${segment(serviceId)}`, 'service', {
      service,
      ...(mask ? { mask } : {}),
    }),

  /** `POST /bookings/v2/bulk/services/update`. */
  bulkUpdateServices:
    (context) =>
    (
      services: z.input<typeof bulkUpdateServicesRequestSchema>['services'],
      options: { returnEntity?: boolean } = {},
    ): Promise<BulkServicesResult> =>
      send(context, 'POST', '/bookings/v2/bulk/services/update', { services, ...options }),

  /** `POST /bookings/v2/bulk/services/update-by-filter`: answers a job id. */
  bulkUpdateServicesByFilter: (context) => (filter: Filter, service: ServiceInput) =>
    send<{ jobId: string }>(context, 'POST', '/bookings/v2/bulk/services/update-by-filter', {
      filter,
      service,
    }),

  /** `DELETE /bookings/v2/services/{id}`. */
  deleteService:
    (context) =>
    async (serviceId: string, options: DeleteServiceOptions = {}): Promise<void> => {
      const query: Record<string, string> = {};
      if (options.preserveFutureSessionsWithParticipants !== undefined)
        query.preserveFutureSessionsWithParticipants = String(options.preserveFutureSessionsWithParticipants);
      const notification = options.participantNotification;
      if (notification?.notifyParticipants !== undefined)
        query['participantNotification.notifyParticipants'] = String(notification.notifyParticipants);
      if (notification?.message !== undefined)
        query['participantNotification.message'] = notification.message;
      await context.request({ method: 'DELETE', path: `${base}/${segment(serviceId)}`, query });
    },

  /** `POST /bookings/v2/bulk/services/delete`. */
  bulkDeleteServices:
    (context) =>
    (ids: string[], options: DeleteServiceOptions = {}): Promise<BulkServicesResult> =>
      send(context, 'POST', '/bookings/v2/bulk/services/delete', { ids, ...options }),

  /** `POST /bookings/v2/bulk/services/delete-by-filter`: answers a job id. */
  bulkDeleteServicesByFilter:
    (context) =>
    (filter: Filter, options: DeleteServiceOptions = {}) =>
      send<{ jobId: string }>(context, 'POST', '/bookings/v2/bulk/services/delete-by-filter', {
        filter,
        ...options,
      }),

  /**
   * `POST /bookings/v2/services/query`: a query builder with offset paging.
   * @example const page = await client.bookings.queryServices().eq('type', 'CLASS').ascending('name').limit(10).find();
   */
  queryServices: (context) => () => queryServices(context),

  /**
   * `POST /bookings/v2/services/search`: free-text search with aggregations (cursor paging).
   * @example await client.bookings.searchServices({ search: { expression: 'yoga' }, aggregations: [{ fieldPath: 'category.id', type: 'VALUE' }] })
   */
  searchServices:
    (context) =>
    (search: ServiceSearch = {}): Promise<ServiceSearchResult> =>
      send(context, 'POST', `${base}/search`, { search }),

  /** `POST /bookings/v2/services/count`. */
  countServices:
    (context) =>
    async (filter?: Filter): Promise<number> =>
      (await send<{ count: number }>(context, 'POST', `${base}/count`, { filter })).count,

  /** `POST /bookings/v2/services/policies/query`: policies with the services that use them. */
  queryServicePolicies:
    (context) =>
    (query: z.input<typeof queryPoliciesRequestSchema>['query'] = {}) =>
      send<z.infer<typeof queryPoliciesResponseSchema>>(context, 'POST', `${base}/policies/query`, { query }),

  /** `POST /bookings/v2/services/booking-forms/query`: forms with the services that use them. */
  queryServiceBookingForms:
    (context) =>
    (query: z.input<typeof queryBookingFormsRequestSchema>['query'] = {}) =>
      send<z.infer<typeof queryBookingFormsResponseSchema>>(context, 'POST', `${base}/booking-forms/query`, {
        query,
      }),

  /** `POST /bookings/v2/services/locations/query`: where the services take place. */
  queryServiceLocations: (context) => (filter?: z.input<typeof queryLocationsRequestSchema>['filter']) =>
    send<z.infer<typeof queryLocationsResponseSchema>>(context, 'POST', `${base}/locations/query`, {
      ...(filter ? { filter } : {}),
    }),

  /** `POST /bookings/v2/services/categories/query`: the categories the services use. */
  queryServiceCategories:
    (context) => async (filter?: z.input<typeof queryServiceCategoriesRequestSchema>['filter']) =>
      (
        await send<z.infer<typeof queryServiceCategoriesResponseSchema>>(
          context,
          'POST',
          `${base}/categories/query`,
          { ...(filter ? { filter } : {}) },
        )
      ).categories,

  /** `POST /bookings/v2/services/{id}/locations`: replaces the locations. */
  setServiceLocations: (context) => (serviceId: string, change: ServiceLocationsChange) =>
    call<{ service: Service }, 'service'>(
      context,
      'POST',
      `${base}/${segment(serviceId)}/locations`,
      'service',
      change,
    ),

  /** `POST /bookings/v2/services/{id}/pricing-plans/add`. */
  enablePricingPlansForService: (context) => (serviceId: string, pricingPlanIds: string[]) =>
    call<{ service: Service }, 'service'>(
      context,
      'POST',
      `${base}/${segment(serviceId)}/pricing-plans/add`,
      'service',
      { pricingPlanIds },
    ),

  /** `POST /bookings/v2/services/{id}/pricing-plans/remove`. */
  disablePricingPlansForService: (context) => (serviceId: string, pricingPlanIds: string[]) =>
    call<{ service: Service }, 'service'>(
      context,
      'POST',
      `${base}/${segment(serviceId)}/pricing-plans/remove`,
      'service',
      { pricingPlanIds },
    ),

  /**
   * `POST /bookings/v2/services/{id}/slugs/custom`. Fails with `SLUG_CONTAINS_ILLEGAL_CHARACTERS` or
   * `SLUG_ALREADY_EXISTS`.
   */
  setCustomSlug: (context) => (serviceId: string, slug: string) =>
    send<z.infer<typeof setCustomSlugResponseSchema>>(
      context,
      'POST',
      `${base}/${segment(serviceId)}/slugs/custom`,
      { slug },
    ),

  /** `POST /bookings/v2/services/slugs/validate`: `{valid, slug, errors}` without changing anything. */
  validateSlug: (context) => (slug: string, serviceId?: string) =>
    send<z.infer<typeof validateSlugResponseSchema>>(context, 'POST', `${base}/slugs/validate`, {
      slug,
      ...(serviceId ? { serviceId } : {}),
    }),

  /** `POST /bookings/v2/services/clone`: the copy, and what could not be copied. */
  cloneService: (context) => (sourceServiceId: string) =>
    send<z.infer<typeof cloneServiceResponseSchema>>(context, 'POST', `${base}/clone`, { sourceServiceId }),

  /** `POST /bookings/v2/services/add-on-groups/create`. */
  createAddOnGroup:
    (context) =>
    (serviceId: string, addOnGroup: z.input<typeof createAddOnGroupRequestSchema>['addOnGroup']) =>
      call<{ addOnGroup: AddOnGroup }, 'addOnGroup'>(
        context,
        'POST',
        `${base}/add-on-groups/create`,
        'addOnGroup',
        { serviceId, addOnGroup },
      ),

  /** `POST /bookings/v2/services/add-on-groups/update`. */
  updateAddOnGroup:
    (context) =>
    (
      serviceId: string,
      addOnGroup: z.input<typeof updateAddOnGroupRequestSchema>['addOnGroup'],
      mask?: string[],
    ) =>
      call<{ addOnGroup: AddOnGroup }, 'addOnGroup'>(
        context,
        'POST',
        `${base}/add-on-groups/update`,
        'addOnGroup',
        { serviceId, addOnGroup, ...(mask ? { mask } : {}) },
      ),

  /** `POST /bookings/v2/services/add-on-groups/delete`. */
  deleteAddOnGroup:
    (context) =>
    async (serviceId: string, addOnGroupId: string): Promise<void> => {
      await send(context, 'POST', `${base}/add-on-groups/delete`, { serviceId, addOnGroupId });
    },

  /** `POST /bookings/v2/services/add-on-groups/list-add-on-groups-by-service-id`. */
  listAddOnGroupsByServiceId: (context) => async (serviceId: string, groupIds?: string[]) =>
    (
      await send<z.infer<typeof listAddOnGroupsResponseSchema>>(
        context,
        'POST',
        `${base}/add-on-groups/list-add-on-groups-by-service-id`,
        { serviceId, ...(groupIds ? { groupIds } : {}) },
      )
    ).addOnGroupsDetails,

  /** `POST /bookings/v2/services/add-on-groups/set-add-ons-for-group`. */
  setAddOnsForGroup: (context) => (serviceId: string, groupId: string, addOnIds: string[]) =>
    call<{ addOnGroup: AddOnGroup }, 'addOnGroup'>(
      context,
      'POST',
      `${base}/add-on-groups/set-add-ons-for-group`,
      'addOnGroup',
      { serviceId, groupId, addOnIds },
    ),

  /** `GET /bookings/v2/services/{id}/schedule`: the weekly and one-off sessions of a class or course. */
  getServiceSchedule:
    (context) =>
    async (serviceId: string): Promise<ServiceSchedule> =>
      (
        (await context.request<{ schedule: ServiceSchedule }>({
          method: 'GET',
          path: `${base}/${segment(serviceId)}/schedule`,
          dateFields: scheduleDates,
        })) as unknown as { schedule: ServiceSchedule }
      ).schedule,

  /**
   * `POST /bookings/v1/time-zone-change/preview`: what changing the site's time zone would do to sessions and
   * bookings still to come, asked before saving it (owner or admin).
   * @example const preview = await client.bookings.previewTimeZoneChange('America/New_York')
   */
  previewTimeZoneChange:
    (context) =>
    async (timeZone: string): Promise<z.infer<typeof timeZoneChangePreviewResponseSchema>> =>
      send(context, 'POST', '/bookings/v1/time-zone-change/preview', { timeZone }),

  /** `POST /bookings/v2/services/{id}/schedule/recurring-sessions`: a weekly session. */
  addRecurringSession:
    (context) =>
    async (serviceId: string, recurringSession: RecurringSessionInput): Promise<RecurringSession> =>
      (
        (await context.request<{ recurringSession: RecurringSession }>({
          method: 'POST',
          path: `${base}/${segment(serviceId)}/schedule/recurring-sessions`,
          body: { recurringSession },
          dateFields: scheduleDates,
        })) as unknown as { recurringSession: RecurringSession }
      ).recurringSession,

  /** `DELETE /bookings/v2/services/{id}/schedule/recurring-sessions/{recurringSessionId}`. */
  deleteRecurringSession:
    (context) =>
    async (serviceId: string, recurringSessionId: string): Promise<void> => {
      await send(
        context,
        'DELETE',
        `${base}/${segment(serviceId)}/schedule/recurring-sessions/${segment(recurringSessionId)}`,
      );
    },

  /** `POST /bookings/v2/services/{id}/schedule/sessions`: a one-off session. */
  addSession:
    (context) =>
    async (serviceId: string, session: SessionInput): Promise<Session> =>
      (
        (await context.request<{ session: Session }>({
          method: 'POST',
          path: `${base}/${segment(serviceId)}/schedule/sessions`,
          body: { session },
          dateFields: scheduleDates,
        })) as unknown as { session: Session }
      ).session,

  /**
   * `POST /bookings/v2/services/{id}/schedule/sessions/{eventId}/cancel`: one occurrence of a weekly session
   * (its `eventInfo.eventId` in time slots) does not take place. Fails with `SESSION_HAS_BOOKINGS` (409)
   * while participants are booked on it.
   */
  cancelSessionOccurrence:
    (context) =>
    async (serviceId: string, eventId: string): Promise<Session> =>
      (
        (await context.request<{ session: Session }>({
          method: 'POST',
          path: `${base}/${segment(serviceId)}/schedule/sessions/${segment(eventId)}/cancel`,
          body: {},
          dateFields: scheduleDates,
        })) as unknown as { session: Session }
      ).session,

  /** `POST /bookings/v2/services/{id}/schedule/sessions/{eventId}/restore`: undoes the cancellation. */
  restoreSessionOccurrence:
    (context) =>
    async (serviceId: string, eventId: string): Promise<void> => {
      await send(
        context,
        'POST',
        `${base}/${segment(serviceId)}/schedule/sessions/${segment(eventId)}/restore`,
        {},
      );
    },

  /** `DELETE /bookings/v2/services/{id}/schedule/sessions/{sessionId}`. */
  deleteSession:
    (context) =>
    async (serviceId: string, sessionId: string): Promise<void> => {
      await send(context, 'DELETE', `${base}/${segment(serviceId)}/schedule/sessions/${segment(sessionId)}`);
    },
} satisfies ModuleDefinition;

/**
 * Services, their add-on groups and their class or course schedules.
 * @example
 * const client = createClient({ baseUrl, auth: OAuthStrategy({ clientId }), modules: { services } });
 * const { items } = await client.services.queryServices().eq('type', 'APPOINTMENT').find();
 */
export const services = defineModule(serviceCalls);
