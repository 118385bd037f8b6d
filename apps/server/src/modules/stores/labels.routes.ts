import { z } from 'zod';
import * as brands from '@atrium/contract/stores/brands';
import * as ribbons from '@atrium/contract/stores/ribbons';
import {
  v3CountRequestSchema,
  v3CountResponseSchema,
  v3EmptyResponseSchema,
} from '@atrium/contract/stores/v3-entities-common';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { postWithGetForm } from '../../platform/http/get-form.ts';
import { errorResponses } from '../../platform/http/openapi.ts';
import type { LabelsService } from './labels.service.ts';
import { storesAccess } from './stores-access.ts';

/**
 * The paths, keys and schemas of one label family. Brands and ribbons answer the same calls under their
 * own names (`brand`/`brandId`/`brandNames`, `ribbon`/`ribbonId`/`ribbonNames`).
 */
interface LabelWire {
  one: string;
  many: string;
  tags: string[];
  response: z.ZodType;
  create: z.ZodType;
  getQuery: z.ZodType;
  update: z.ZodType;
  queryRequest: z.ZodType;
  queryResponse: z.ZodType;
  getOrCreate: z.ZodType;
  bulkCreate: z.ZodType;
  bulkUpdate: z.ZodType;
  bulkGetOrCreate: z.ZodType;
  bulkDelete: z.ZodType;
  bulkResponse: z.ZodType;
  bulkDeleteResponse: z.ZodType;
}

const brandWire: LabelWire = {
  one: 'brand',
  many: 'brands',
  tags: ['stores: brands'],
  response: brands.brandResponseSchema,
  create: brands.createBrandRequestSchema,
  getQuery: brands.getBrandQuerySchema,
  update: brands.updateBrandRequestSchema,
  queryRequest: brands.queryBrandsRequestSchema,
  queryResponse: brands.queryBrandsResponseSchema,
  getOrCreate: brands.getOrCreateBrandRequestSchema,
  bulkCreate: brands.bulkCreateBrandsRequestSchema,
  bulkUpdate: brands.bulkUpdateBrandsRequestSchema,
  bulkGetOrCreate: brands.bulkGetOrCreateBrandsRequestSchema,
  bulkDelete: brands.bulkDeleteBrandsRequestSchema,
  bulkResponse: brands.bulkBrandsResponseSchema,
  bulkDeleteResponse: brands.bulkDeleteBrandsResponseSchema,
};

const ribbonWire: LabelWire = {
  one: 'ribbon',
  many: 'ribbons',
  tags: ['stores: ribbons'],
  response: ribbons.ribbonResponseSchema,
  create: ribbons.createRibbonRequestSchema,
  getQuery: ribbons.getRibbonQuerySchema,
  update: ribbons.updateRibbonRequestSchema,
  queryRequest: ribbons.queryRibbonsRequestSchema,
  queryResponse: ribbons.queryRibbonsResponseSchema,
  getOrCreate: ribbons.getOrCreateRibbonRequestSchema,
  bulkCreate: ribbons.bulkCreateRibbonsRequestSchema,
  bulkUpdate: ribbons.bulkUpdateRibbonsRequestSchema,
  bulkGetOrCreate: ribbons.bulkGetOrCreateRibbonsRequestSchema,
  bulkDelete: ribbons.bulkDeleteRibbonsRequestSchema,
  bulkResponse: ribbons.bulkRibbonsResponseSchema,
  bulkDeleteResponse: ribbons.bulkDeleteRibbonsResponseSchema,
};

type Body = Record<string, unknown> & { fields?: string[] };
interface MaskedLabel {
  fieldMask?: string[];
  [key: string]: unknown;
}

function registerLabelRoutes(app: FastifyInstance, wire: LabelWire, service: LabelsService): void {
  const { one, many, tags } = wire;
  const base = `/stores/v3/${many}`;
  const bulk = `/stores/v3/bulk/${many}`;
  const idParam = `${one}Id`;
  const params = z.object({ [idParam]: z.uuid() });
  const manage = { access: storesAccess.manage };
  const read = { access: storesAccess.read };
  const respond = (schema: z.ZodType) => ({ 200: schema, ...errorResponses });
  const idOf = (request: { params: unknown }) => (request.params as Record<string, string>)[idParam]!;

  app.post(
    base,
    {
      config: manage,
      schema: { summary: `Create a ${one}`, tags, body: wire.create, response: respond(wire.response) },
    },
    async (request) => ({ [one]: await service.create(request.ctx, (request.body as Body)[one] as never) }),
  );
  postWithGetForm(app, `${base}/query`, {
    access: storesAccess.read,
    summary: `Query ${many} (cursor paging)`,
    tags,
    body: wire.queryRequest,
    response: wire.queryResponse,
    handler: async (request, body) => {
      const { query, fields } = body as Body & { query: Record<string, unknown> };
      const { items, pagingMetadata } = await service.query(request.ctx, query, fields);
      return { [many]: items, pagingMetadata };
    },
  });
  app.post(
    `${base}/count`,
    {
      config: read,
      schema: {
        summary: `Count ${many}`,
        tags,
        body: v3CountRequestSchema,
        response: respond(v3CountResponseSchema),
      },
    },
    async (request) => ({ count: await service.count(request.ctx, (request.body as Body).filter) }),
  );
  app.post(
    `${base}/get-or-create`,
    {
      config: manage,
      schema: {
        summary: `Get the ${one} of a name, created when there is none`,
        tags,
        body: wire.getOrCreate,
        response: respond(wire.response),
      },
    },
    async (request) => {
      const body = request.body as Body;
      return { [one]: await service.getOrCreate(request.ctx, body[`${one}Name`] as string, body.fields) };
    },
  );
  app.get(
    `${base}/:${idParam}`,
    {
      config: read,
      schema: {
        summary: `Get a ${one}`,
        tags,
        params,
        querystring: wire.getQuery,
        response: respond(wire.response),
      },
    },
    async (request) => ({
      [one]: await service.get(request.ctx, idOf(request), (request.query as Body).fields),
    }),
  );
  app.patch(
    `${base}/:${idParam}`,
    {
      config: manage,
      schema: {
        summary: `Update a ${one} (send its revision)`,
        tags,
        params,
        body: wire.update,
        response: respond(wire.response),
      },
    },
    async (request) => {
      const body = request.body as Body & MaskedLabel;
      return {
        [one]: await service.update(request.ctx, idOf(request), body[one] as never, {
          mask: body.fieldMask,
          fields: body.fields,
        }),
      };
    },
  );
  app.delete(
    `${base}/:${idParam}`,
    {
      config: manage,
      schema: {
        summary: `Delete a ${one}; products that carried it no longer do`,
        tags,
        params,
        response: respond(v3EmptyResponseSchema),
      },
    },
    async (request) => {
      await service.delete(request.ctx, idOf(request));
      return {};
    },
  );

  app.post(
    `${bulk}/create`,
    {
      config: manage,
      schema: {
        summary: `Create several ${many}`,
        tags,
        body: wire.bulkCreate,
        response: respond(wire.bulkResponse),
      },
    },
    async (request) => {
      const body = request.body as Body & { returnEntity?: boolean | null };
      return service.bulkCreate(request.ctx, body[many] as never, body.returnEntity ?? false);
    },
  );
  app.post(
    `${bulk}/update`,
    {
      config: manage,
      schema: {
        summary: `Update several ${many}`,
        tags,
        body: wire.bulkUpdate,
        response: respond(wire.bulkResponse),
      },
    },
    async (request) => {
      const body = request.body as Body & { returnEntity?: boolean | null };
      const items = (body[many] as MaskedLabel[]).map((item) => ({
        label: item[one] as never,
        mask: item.fieldMask,
      }));
      return service.bulkUpdate(request.ctx, items, {
        returnEntity: body.returnEntity ?? false,
        fields: body.fields,
      });
    },
  );
  app.post(
    `${bulk}/get-or-create`,
    {
      config: manage,
      schema: {
        summary: `Get the ${many} of several names, creating those that do not exist`,
        tags,
        body: wire.bulkGetOrCreate,
        response: respond(wire.bulkResponse),
      },
    },
    async (request) => {
      const body = request.body as Body;
      return service.bulkGetOrCreate(request.ctx, body[`${one}Names`] as string[], body.fields);
    },
  );
  app.post(
    `${bulk}/delete`,
    {
      config: manage,
      schema: {
        summary: `Delete several ${many}`,
        tags,
        body: wire.bulkDelete,
        response: respond(wire.bulkDeleteResponse),
      },
    },
    async (request) => service.bulkDelete(request.ctx, (request.body as Body)[`${one}Ids`] as string[]),
  );
}

/** Catalog v3 brands and ribbons: `/stores/v3/{brands,ribbons}` and their bulk calls. */
export const labelsRoutes: FastifyPluginAsyncZod<{ brands: LabelsService; ribbons: LabelsService }> = async (
  app,
  services,
) => {
  registerLabelRoutes(app, brandWire, services.brands);
  registerLabelRoutes(app, ribbonWire, services.ribbons);
};
