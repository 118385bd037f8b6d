import { siteResponseSchema, updateSiteRequestSchema } from '@atrium/contract/sites';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { SitesService } from './sites.service.ts';

export const sitesRoutes: FastifyPluginAsyncZod<{ service: SitesService }> = async (app, { service }) => {
  app.get(
    '/sites/v1/site',
    {
      config: {
        access: { identities: ['ANONYMOUS_VISITOR', 'MEMBER', 'WIX_USER', 'APP'], scopes: ['sites.read'] },
      },
      schema: {
        summary: "The caller's site",
        tags: ['sites'],
        response: { 200: siteResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ site: request.ctx.site }),
  );

  app.patch(
    '/sites/v1/site',
    {
      // Declared as the service enforces it: only the owner or an admin changes site settings.
      config: { access: { identities: ['WIX_USER'], roles: ['OWNER', 'ADMIN'] } },
      schema: {
        summary: "Change the caller's site settings",
        tags: ['sites'],
        body: updateSiteRequestSchema,
        response: { 200: siteResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ site: await service.updateSite(request.ctx, request.body.site) }),
  );
};
