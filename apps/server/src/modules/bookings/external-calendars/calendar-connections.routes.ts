import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as c from '@atrium/contract/bookings/external-calendars';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { RouteAccess } from '../../../platform/http/request-context.ts';
import type { CalendarConnectionsService } from './calendar-connections.service.ts';

// The official external-calendars client's calls (calendar-connections.service.ts). Static paths, so
// `/providers`, `/events` and `/connections` are not taken for an external calendar's id. The client's
// `connections:connectByCredentials` has a literal colon, written `::` for the router.

const tags = ['bookings: external calendars'];
const base = '/bookings/v2/external-calendars';
const params = z.object({ connectionId: z.uuid() });
const withErrors = <T extends z.ZodType>(ok: T) => ({ 200: ok, ...errorResponses });

/** As the ICS calls: the service narrows STAFF users to the staff member with their email. */
const business: RouteAccess = { identities: ['WIX_USER', 'APP'], scopes: ['bookings.calendars.manage'] };
const config = { access: business };

export const calendarConnectionsRoutes: FastifyPluginAsyncZod<{
  service: CalendarConnectionsService;
}> = async (app, { service }) => {
  app.get(
    `${base}/providers`,
    {
      config,
      schema: {
        summary: 'External calendar providers (one: ICS, connected by credentials)',
        tags,
        response: withErrors(c.listCalendarProvidersResponseSchema),
      },
    },
    async () => ({ providers: service.listProviders() }),
  );

  app.get(
    `${base}/connections`,
    {
      config,
      schema: {
        summary: 'Connections of staff members’ schedules (their ids), disconnected ones included',
        tags,
        querystring: c.listConnectionsQuerySchema,
        response: withErrors(c.listConnectionsResponseSchema),
      },
    },
    async (request) => ({
      connections: await service.list(request.ctx, request.query.scheduleIds),
      failedProviderIds: [],
    }),
  );

  app.post(
    `${base}/connections::connectByCredentials`,
    {
      config,
      schema: {
        summary: 'Connect a staff member’s iCalendar URL (the password) to their schedule',
        description:
          'scheduleId is the staff member’s id. The first import runs at once as a job, then every 15 minutes.',
        tags,
        body: c.connectByCredentialsRequestSchema,
        response: withErrors(c.calendarConnectionResponseSchema),
      },
    },
    async (request) => ({ connection: await service.connectByCredentials(request.ctx, request.body) }),
  );

  app.post(
    `${base}/connections::connectByOAuth`,
    {
      config,
      schema: {
        summary: 'Connect by OAuth (no OAuth provider is configured: 400 NOT_SUPPORTED_BY_PROVIDER)',
        tags,
        body: c.connectByOAuthRequestSchema,
        response: withErrors(z.object({ oauthUrl: z.string() })),
      },
    },
    async (request) => service.connectByOAuth(request.body.providerId),
  );

  app.get(
    `${base}/connections/:connectionId`,
    {
      config,
      schema: {
        summary: 'Get a connection',
        tags,
        params,
        response: withErrors(c.calendarConnectionResponseSchema),
      },
    },
    async (request) => ({ connection: await service.get(request.ctx, request.params.connectionId) }),
  );

  app.get(
    `${base}/connections/:connectionId/calendars`,
    {
      config,
      schema: {
        summary: 'The calendars of a connection (an ICS connection has one)',
        tags,
        params,
        response: withErrors(c.listCalendarsResponseSchema),
      },
    },
    async (request) => ({ calendars: await service.listCalendars(request.ctx, request.params.connectionId) }),
  );

  app.patch(
    `${base}/connections/:connectionId/sync-config`,
    {
      config,
      schema: {
        summary: 'Update a connection’s sync configuration (an ICS connection’s is fixed)',
        tags,
        params,
        body: c.updateSyncConfigRequestSchema,
        response: withErrors(c.calendarConnectionResponseSchema),
      },
    },
    async (request) => ({
      connection: await service.updateSyncConfig(
        request.ctx,
        request.params.connectionId,
        request.body.syncConfig,
      ),
    }),
  );

  app.post(
    `${base}/connections/:connectionId/disconnect`,
    {
      config,
      schema: {
        summary: 'Disconnect a connection',
        description:
          'Its imported busy time is removed at once; the connection stays listed as DISCONNECTED.',
        tags,
        params,
        response: withErrors(c.calendarConnectionResponseSchema),
      },
    },
    async (request) => ({ connection: await service.disconnect(request.ctx, request.params.connectionId) }),
  );

  app.get(
    `${base}/events`,
    {
      config,
      schema: {
        summary: 'Busy time imported from connected calendars, by start, cursor paged',
        tags,
        querystring: c.listCalendarEventsQuerySchema,
        response: withErrors(c.listCalendarEventsResponseSchema),
      },
    },
    async (request) => {
      const { query } = request;
      return service.listEvents(request.ctx, {
        from: query.from,
        to: query.to,
        scheduleIds: query.scheduleIds,
        allDay: query.allDay,
        limit: query.cursorPaging?.limit ?? query['cursorPaging.limit'],
        cursor: query.cursorPaging?.cursor ?? query['cursorPaging.cursor'],
      });
    },
  );
};
