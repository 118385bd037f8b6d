import { z } from 'zod';
import {
  connectExternalCalendarRequestSchema,
  externalCalendarResponseSchema,
  listExternalCalendarsQuerySchema,
  listExternalCalendarsResponseSchema,
  staffCalendarFeedResponseSchema,
} from '@atrium/contract/bookings/external-calendars';
import { siteAddressFor } from '../../../platform/http/site-address.ts';
import { siteRequiredAt } from '../../../platform/http/host-site.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { notFound } from '../../../platform/errors/app-error.ts';
import { errorResponses } from '../../../platform/http/openapi.ts';
import type { RouteAccess } from '../../../platform/http/request-context.ts';
import type { StaffCalendarFeedRow } from './external-calendars.tables.ts';
import type { ExternalCalendarsService } from './external-calendars.service.ts';

const tags = ['bookings: external calendars'];
const base = '/bookings/v2/external-calendars';
const idParams = z.object({ externalCalendarId: z.uuid() });
const staffParams = z.object({ staffMemberId: z.uuid() });

/**
 * Dashboard users and apps; the service narrows STAFF users to the staff member with their email, so an
 * owner manages everyone's calendars and a staff member their own.
 */
const business: RouteAccess = { identities: ['WIX_USER', 'APP'], scopes: ['bookings.calendars.manage'] };

export const externalCalendarsRoutes: FastifyPluginAsyncZod<{
  service: ExternalCalendarsService;
  publicUrl?: string;
}> = async (app, { service, publicUrl }) => {
  const config = { access: business };

  function feedOut(request: FastifyRequest, feed: StaffCalendarFeedRow) {
    // Without PUBLIC_URL the address the caller used is the best guess of the public one; a site with
    // host names of its own is at its first one.
    const origin = siteAddressFor({
      PUBLIC_URL: publicUrl ?? `${request.protocol}://${request.host}`,
      PORT: 0,
    })(request.ctx.site);
    const url = `${origin}${base}/feeds/${feed.token}.ics`;
    return {
      feed: {
        staffMemberId: feed.staffMemberId,
        url,
        webcalUrl: url.replace(/^https?:\/\//, 'webcal://'),
        createdDate: feed.createdDate.toISOString(),
      },
    };
  }

  app.post(
    base,
    {
      config,
      schema: {
        summary: 'Connect an iCalendar URL to a staff member',
        description:
          'Busy time of the calendar blocks the staff member’s availability. The first import runs at once as a job, then every 15 minutes.',
        tags,
        body: connectExternalCalendarRequestSchema,
        response: { 200: externalCalendarResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      externalCalendar: await service.connect(request.ctx, request.body.externalCalendar),
    }),
  );

  app.get(
    base,
    {
      config,
      schema: {
        summary: 'List external calendars',
        tags,
        querystring: listExternalCalendarsQuerySchema,
        response: { 200: listExternalCalendarsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ externalCalendars: await service.list(request.ctx, request.query) }),
  );

  app.get(
    `${base}/:externalCalendarId`,
    {
      config,
      schema: {
        summary: 'Get an external calendar',
        tags,
        params: idParams,
        response: { 200: externalCalendarResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      externalCalendar: await service.get(request.ctx, request.params.externalCalendarId),
    }),
  );

  app.post(
    `${base}/:externalCalendarId/sync`,
    {
      config,
      schema: {
        summary: 'Import an external calendar now',
        description:
          'Runs the import in the request and answers the calendar’s state afterwards (SYNCED or ERROR).',
        tags,
        params: idParams,
        response: { 200: externalCalendarResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      externalCalendar: await service.syncNow(request.ctx, request.params.externalCalendarId),
    }),
  );

  app.post(
    `${base}/:externalCalendarId/disconnect`,
    {
      config,
      schema: {
        summary: 'Disconnect an external calendar',
        description: 'Its imported busy time is removed at once; the calendar stays listed as DISCONNECTED.',
        tags,
        params: idParams,
        response: { 200: externalCalendarResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      externalCalendar: await service.disconnect(request.ctx, request.params.externalCalendarId),
    }),
  );

  app.get(
    `${base}/staff-members/:staffMemberId/feed`,
    {
      config,
      schema: {
        summary: 'Get a staff member’s private iCal feed URL',
        tags,
        params: staffParams,
        response: { 200: staffCalendarFeedResponseSchema, ...errorResponses },
      },
    },
    async (request) => feedOut(request, await service.getFeed(request.ctx, request.params.staffMemberId)),
  );

  app.post(
    `${base}/staff-members/:staffMemberId/feed`,
    {
      config,
      schema: {
        summary: 'Create a staff member’s private iCal feed URL',
        description: 'Answers the existing feed when there is one.',
        tags,
        params: staffParams,
        response: { 200: staffCalendarFeedResponseSchema, ...errorResponses },
      },
    },
    async (request) => feedOut(request, await service.createFeed(request.ctx, request.params.staffMemberId)),
  );

  app.post(
    `${base}/staff-members/:staffMemberId/feed/rotate`,
    {
      config,
      schema: {
        summary: 'Replace a staff member’s private iCal feed URL',
        description: 'The old URL answers 404 from now on.',
        tags,
        params: staffParams,
        response: { 200: staffCalendarFeedResponseSchema, ...errorResponses },
      },
    },
    async (request) => feedOut(request, await service.rotateFeed(request.ctx, request.params.staffMemberId)),
  );

  // Public: calendar apps cannot send credentials; the unguessable token in the path is the credential.
  app.get(
    `${base}/feeds/:file`,
    {
      config: { access: { public: true } },
      schema: {
        summary: 'A staff member’s bookings as an iCalendar feed',
        tags,
        params: z.object({ file: z.string().max(200) }),
        produces: ['text/calendar'],
      },
    },
    async (request, reply) => {
      const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
      const text = token ? await service.renderFeed(token, siteRequiredAt(request)) : undefined;
      if (text === undefined) throw notFound('Calendar feed');
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .header('content-disposition', 'inline; filename="bookings.ics"')
        .send(text);
    },
  );
};
