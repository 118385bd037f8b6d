import {
  getMultiServiceTimeSlotRequestSchema,
  getTimeSlotRequestSchema,
  getTimeSlotResponseSchema,
  listEventTimeSlotsRequestSchema,
  listEventTimeSlotsResponseSchema,
  listMultiServiceTimeSlotsRequestSchema,
  listTimeSlotsRequestSchema,
  listTimeSlotsResponseSchema,
  multiSlotAvailabilityRequestSchema,
  multiSlotAvailabilityResponseSchema,
  queryAvailabilityRequestSchema,
  queryAvailabilityResponseSchema,
  scheduleAvailabilityResponseSchema,
} from '@atrium/contract/bookings/availability';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { builtAnswerSerializer } from '../../../platform/http/built-answer-serializer.ts';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { RouteAccess } from '../../../platform/http/request-context.ts';
import type { AvailabilityService } from './availability.service.ts';
import { calendarAnswerJson } from './calendar-answer-json.ts';

/** Visitors, members, staff and apps all read availability; each sees only its own site. */
const anyCaller: RouteAccess = {
  identities: ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'],
  scopes: ['bookings.availability.read', 'bookings.catalog.read', 'bookings.catalog.manage'],
};
const config = { access: anyCaller };
const tags = ['bookings: availability'];

export const availabilityRoutes: FastifyPluginAsyncZod<{ service: AvailabilityService }> = async (
  app,
  { service },
) => {
  app.post(
    '/bookings/v1/availability/query',
    {
      config,
      schema: {
        summary:
          'Slots of services between two dates (appointments per staff member, class and course sessions)',
        tags,
        body: queryAvailabilityRequestSchema,
        response: { 200: queryAvailabilityResponseSchema, ...errorResponses },
      },
      // Thousands of entries a month: written from the bytes their slots share (calendar-answer-json.ts).
      // Fastify sends a serializer's Buffer as it is; its types know only strings.
      serializerCompiler: (route) =>
        String(route.httpStatus) === '200'
          ? (data) => calendarAnswerJson(data as Parameters<typeof calendarAnswerJson>[0]) as string
          : builtAnswerSerializer(route),
    },
    async (request) => service.queryAvailability(request.ctx, request.body),
  );

  app.get(
    '/bookings/v2/availability/schedule/:scheduleId',
    {
      config,
      schema: {
        summary: "A course's spots and booking policy",
        tags,
        params: z.object({ scheduleId: z.string().min(1).max(100) }),
        response: { 200: scheduleAvailabilityResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.scheduleAvailability(request.ctx, request.params.scheduleId),
  );

  app.post(
    '/bookings/v1/availability/multislot',
    {
      config,
      schema: {
        summary: 'Back-to-back slots for several services',
        tags,
        body: multiSlotAvailabilityRequestSchema,
        response: { 200: multiSlotAvailabilityResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.multiSlot(request.ctx, request.body),
  );

  app.post(
    '/bookings/v2/time-slots',
    {
      config,
      schema: {
        summary: "An appointment service's time slots in a local date range",
        tags,
        body: listTimeSlotsRequestSchema,
        response: { 200: listTimeSlotsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listTimeSlots(request.ctx, request.body),
  );

  app.post(
    '/bookings/v2/time-slots/get',
    {
      config,
      schema: {
        summary: 'One appointment time slot with every free resource',
        tags,
        body: getTimeSlotRequestSchema,
        response: { 200: getTimeSlotResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.getTimeSlot(request.ctx, request.body),
  );

  app.post(
    '/bookings/v2/time-slots/end-options',
    {
      config,
      schema: {
        summary: 'End options of a duration-range service (not offered)',
        tags,
        response: errorResponses,
      },
    },
    async () => service.endOptions(),
  );

  app.post(
    '/bookings/v2/time-slots/event',
    {
      config,
      schema: {
        summary: 'Class and course sessions in a local date range',
        tags,
        body: listEventTimeSlotsRequestSchema,
        response: { 200: listEventTimeSlotsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listEventTimeSlots(request.ctx, request.body),
  );

  app.get(
    '/bookings/v2/time-slots/event/:eventId',
    {
      config,
      schema: {
        summary: 'One class or course session',
        tags,
        params: z.object({ eventId: z.string().min(1).max(250) }),
        querystring: z.object({ timeZone: z.string().max(150).optional() }),
        response: { 200: getTimeSlotResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.getEventTimeSlot(request.ctx, request.params.eventId, request.query.timeZone),
  );

  app.post(
    '/bookings/v2/multi-service-time-slots',
    {
      config,
      schema: {
        summary: 'Back-to-back time slots for a sequence of appointment services',
        tags,
        body: listMultiServiceTimeSlotsRequestSchema,
        response: { 200: listTimeSlotsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.listMultiServiceTimeSlots(request.ctx, request.body),
  );

  app.post(
    '/bookings/v2/multi-service-time-slots/get',
    {
      config,
      schema: {
        summary: 'One multi-service time slot with every free resource',
        tags,
        body: getMultiServiceTimeSlotRequestSchema,
        response: { 200: getTimeSlotResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.getMultiServiceTimeSlot(request.ctx, request.body),
  );
};
