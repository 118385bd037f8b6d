import {
  timeZoneChangePreviewRequestSchema,
  timeZoneChangePreviewResponseSchema,
} from '@atrium/contract/bookings/schedules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { TimeZoneChange } from './time-zone-change.ts';

export const timeZoneChangeRoutes: FastifyPluginAsyncZod<{ change: TimeZoneChange }> = async (
  app,
  { change },
) => {
  app.post(
    '/bookings/v1/time-zone-change/preview',
    {
      // Those who may change the site's settings (PATCH /sites/v1/site) ask what a new zone would do.
      config: { access: { identities: ['WIX_USER'], roles: ['OWNER', 'ADMIN'] } },
      schema: {
        summary: "What changing the site's time zone would do to sessions and bookings",
        description:
          'Sessions keep their local times; bookings of sessions still to come move with them (their customers are told); appointments keep their moment.',
        tags: ['bookings'],
        body: timeZoneChangePreviewRequestSchema,
        response: { 200: timeZoneChangePreviewResponseSchema, ...errorResponses },
      },
    },
    async (request) => change.preview(request.ctx, request.body.timeZone),
  );
};
