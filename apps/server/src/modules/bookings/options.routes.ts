import { z } from 'zod';
import {
  calculatePriceRequestSchema,
  cloneServiceOptionsAndVariantsRequestSchema,
  createServiceOptionsAndVariantsRequestSchema,
  previewPriceRequestSchema,
  priceInfoResponseSchema,
  queryServiceOptionsAndVariantsRequestSchema,
  queryServiceOptionsAndVariantsResponseSchema,
  serviceOptionsAndVariantsResponseSchema,
  serviceVariantsByServiceResponseSchema,
  updateServiceOptionsAndVariantsRequestSchema,
} from '@atrium/contract/bookings/options';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import { catalogueAccess } from './catalogue-access.ts';
import type { OptionsService } from './options.service.ts';
import { emptyResponse } from './route-schemas.ts';

const tags = ['bookings: service options and variants'];
const params = z.object({ serviceOptionsAndVariantsId: z.uuid() });
const base = '/bookings/v1/serviceOptionsAndVariants';

export const optionsRoutes: FastifyPluginAsyncZod<{ service: OptionsService }> = async (app, { service }) => {
  const manage = { access: catalogueAccess.manage };
  const read = { access: catalogueAccess.read };

  app.post(
    base,
    {
      config: manage,
      schema: {
        summary: 'Create the options and variants of a service',
        tags,
        body: createServiceOptionsAndVariantsRequestSchema,
        response: { 200: serviceOptionsAndVariantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      serviceOptionsAndVariants: await service.create(request.ctx, request.body.serviceOptionsAndVariants),
    }),
  );

  app.post(
    `${base}/query`,
    {
      config: read,
      schema: {
        summary: 'Query options and variants',
        tags,
        body: queryServiceOptionsAndVariantsRequestSchema,
        response: { 200: queryServiceOptionsAndVariantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.query(request.ctx, request.body.query),
  );

  app.post(
    `${base}/:cloneFromId/clone`,
    {
      config: manage,
      schema: {
        summary: 'Copy options and variants to another service',
        tags,
        params: z.object({ cloneFromId: z.uuid() }),
        body: cloneServiceOptionsAndVariantsRequestSchema,
        response: { 200: serviceOptionsAndVariantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      serviceOptionsAndVariants: await service.clone(
        request.ctx,
        request.params.cloneFromId,
        request.body.targetServiceId,
      ),
    }),
  );

  app.get(
    `${base}/service_id/:serviceId`,
    {
      config: read,
      schema: {
        summary: 'The options and variants of a service',
        tags,
        params: z.object({ serviceId: z.uuid() }),
        response: { 200: serviceVariantsByServiceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      serviceVariants: await service.getByServiceId(request.ctx, request.params.serviceId),
    }),
  );

  app.get(
    `${base}/:serviceOptionsAndVariantsId`,
    {
      config: read,
      schema: {
        summary: 'Get options and variants',
        tags,
        params,
        response: { 200: serviceOptionsAndVariantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      serviceOptionsAndVariants: await service.get(request.ctx, request.params.serviceOptionsAndVariantsId),
    }),
  );

  app.patch(
    `${base}/:serviceOptionsAndVariantsId`,
    {
      config: manage,
      schema: {
        summary: 'Update options and variants',
        tags,
        params,
        body: updateServiceOptionsAndVariantsRequestSchema,
        response: { 200: serviceOptionsAndVariantsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      serviceOptionsAndVariants: await service.update(
        request.ctx,
        request.params.serviceOptionsAndVariantsId,
        request.body.serviceOptionsAndVariants,
        request.body.mask,
      ),
    }),
  );

  app.delete(
    `${base}/:serviceOptionsAndVariantsId`,
    {
      config: manage,
      schema: {
        summary: 'Delete options and variants',
        tags,
        params,
        response: { 200: emptyResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(request.ctx, request.params.serviceOptionsAndVariantsId);
      return {};
    },
  );

  app.post(
    '/bookings/v2/pricing/preview',
    {
      config: read,
      schema: {
        summary: 'Price of a booking before it exists',
        tags: ['bookings: pricing'],
        body: previewPriceRequestSchema,
        response: { 200: priceInfoResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      priceInfo: await service.previewPrice(request.ctx, request.body.bookingLineItems),
    }),
  );

  app.post(
    '/bookings/v2/pricing/calculate',
    {
      config: read,
      schema: {
        summary: 'Price of a booking',
        tags: ['bookings: pricing'],
        body: calculatePriceRequestSchema,
        response: { 200: priceInfoResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ priceInfo: await service.calculatePrice(request.ctx, request.body.booking) }),
  );
};
