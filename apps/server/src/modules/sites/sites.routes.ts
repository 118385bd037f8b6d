import {
  createSiteRequestSchema,
  listSitesResponseSchema,
  operatorSiteResponseSchema,
  operatorUpdateSiteRequestSchema,
  siteIdParamsSchema,
  siteResponseSchema,
  updateSiteRequestSchema,
  type Site,
} from '@atrium/contract/sites';
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

/** The deployment operator's API: every site, reachable only with an operator API key. */
export const operatorSitesRoutes: FastifyPluginAsyncZod<{
  service: SitesService;
  clientIdOf: (siteId: string) => Promise<string>;
}> = async (app, { service, clientIdOf }) => {
  const operator = { access: { operator: true } } as const;
  const tags = ['sites (operator)'];
  const withClient = async (site: Site) => ({ site, clientId: await clientIdOf(site.id) });

  app.post(
    '/sites/v1/sites',
    {
      config: operator,
      schema: {
        summary: 'Create a site (operator)',
        tags,
        body: createSiteRequestSchema,
        response: { 200: operatorSiteResponseSchema, ...errorResponses },
      },
    },
    async (request) => withClient(await service.createSite(request.body.site)),
  );

  app.get(
    '/sites/v1/sites',
    {
      config: operator,
      schema: {
        summary: 'List every site (operator)',
        tags,
        response: { 200: listSitesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      sites: await Promise.all((await service.listSites(request.operator)).map(withClient)),
    }),
  );

  app.get(
    '/sites/v1/sites/:siteId',
    {
      config: operator,
      schema: {
        summary: 'Get a site (operator)',
        tags,
        params: siteIdParamsSchema,
        response: { 200: operatorSiteResponseSchema, ...errorResponses },
      },
    },
    async (request) => withClient(await service.getSite(request.operator, request.params.siteId)),
  );

  app.patch(
    '/sites/v1/sites/:siteId',
    {
      config: operator,
      schema: {
        summary: "Change a site's settings or host names (operator)",
        tags,
        params: siteIdParamsSchema,
        body: operatorUpdateSiteRequestSchema,
        response: { 200: operatorSiteResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      withClient(await service.changeSite(request.operator, request.params.siteId, request.body.site)),
  );

  for (const [action, status] of [
    ['disable', 'DISABLED'],
    ['enable', 'ACTIVE'],
  ] as const) {
    app.post(
      `/sites/v1/sites/:siteId/${action}`,
      {
        config: operator,
        schema: {
          summary:
            action === 'disable'
              ? 'Disable a site: its credentials stop working at once and its pages say it is unavailable (operator)'
              : 'Enable a disabled site again (operator)',
          tags,
          params: siteIdParamsSchema,
          response: { 200: operatorSiteResponseSchema, ...errorResponses },
        },
      },
      async (request) =>
        withClient(await service.setSiteStatus(request.operator, request.params.siteId, status)),
    );
  }
};
