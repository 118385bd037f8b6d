import { z } from 'zod';
import {
  createRecurringSessionRequestSchema,
  createSessionRequestSchema,
  recurringSessionResponseSchema,
  serviceScheduleResponseSchema,
  sessionResponseSchema,
} from '@atrium/contract/bookings/schedules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import { catalogueAccess } from './catalogue-access.ts';
import { emptyResponse } from './route-schemas.ts';
import type { SchedulesService } from './schedules.service.ts';

const tags = ['bookings: class schedules'];
const params = z.object({ serviceId: z.uuid() });
const base = '/bookings/v2/services/:serviceId/schedule';

export const schedulesRoutes: FastifyPluginAsyncZod<{ service: SchedulesService }> = async (
  app,
  { service },
) => {
  const manage = { access: catalogueAccess.manage };
  const read = { access: catalogueAccess.read };

  app.get(
    base,
    {
      config: read,
      schema: {
        summary: 'The weekly and one-off sessions of a class or course',
        tags,
        params,
        response: { 200: serviceScheduleResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ schedule: await service.getSchedule(request.ctx, request.params.serviceId) }),
  );

  app.post(
    `${base}/recurring-sessions`,
    {
      config: manage,
      schema: {
        summary: 'Add a weekly session',
        tags,
        params,
        body: createRecurringSessionRequestSchema,
        response: { 200: recurringSessionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      recurringSession: await service.addRecurring(
        request.ctx,
        request.params.serviceId,
        request.body.recurringSession,
      ),
    }),
  );

  app.delete(
    `${base}/recurring-sessions/:recurringSessionId`,
    {
      config: manage,
      schema: {
        summary: 'Remove a weekly session',
        tags,
        params: params.extend({ recurringSessionId: z.uuid() }),
        response: { 200: emptyResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.deleteRecurring(request.ctx, request.params.serviceId, request.params.recurringSessionId);
      return {};
    },
  );

  app.post(
    `${base}/sessions`,
    {
      config: manage,
      schema: {
        summary: 'Add a one-off session',
        tags,
        params,
        body: createSessionRequestSchema,
        response: { 200: sessionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      session: await service.addSession(request.ctx, request.params.serviceId, request.body.session),
    }),
  );

  // An occurrence's event id is `<weekly session id>_<YYYYMMDDTHHmmss local start>`, as time slots give it.
  const occurrenceParams = params.extend({
    eventId: z.string().regex(/^[0-9a-f-]{36}_\d{8}T\d{6}$/, 'must be an occurrence of a weekly session'),
  });
  app.post(
    `${base}/sessions/:eventId/cancel`,
    {
      config: manage,
      schema: {
        summary: 'Cancel one occurrence of a weekly session',
        description:
          'The occurrence is no longer listed or bookable. 409 SESSION_HAS_BOOKINGS while participants are booked on it.',
        tags,
        params: occurrenceParams,
        response: { 200: sessionResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      session: await service.cancelOccurrence(request.ctx, request.params.serviceId, request.params.eventId),
    }),
  );
  app.post(
    `${base}/sessions/:eventId/restore`,
    {
      config: manage,
      schema: {
        summary: 'Restore a cancelled occurrence of a weekly session',
        tags,
        params: occurrenceParams,
        response: { 200: emptyResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.restoreOccurrence(request.ctx, request.params.serviceId, request.params.eventId);
      return {};
    },
  );

  app.delete(
    `${base}/sessions/:sessionId`,
    {
      config: manage,
      schema: {
        summary: 'Remove a one-off session',
        tags,
        params: params.extend({ sessionId: z.uuid() }),
        response: { 200: emptyResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.deleteSession(request.ctx, request.params.serviceId, request.params.sessionId);
      return {};
    },
  );
};
