import { z } from 'zod';
import {
  bookingPolicyResponseSchema,
  createBookingPolicyRequestSchema,
  queryBookingPoliciesRequestSchema,
  queryBookingPoliciesResponseSchema,
  setDefaultBookingPolicyResponseSchema,
  strictestBookingPolicyRequestSchema,
  strictestBookingPolicyResponseSchema,
  updateBookingPolicyRequestSchema,
} from '@atrium/contract/bookings/policies';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../platform/http/openapi.ts';
import { catalogueAccess } from './catalogue-access.ts';
import type { PoliciesService } from './policies.service.ts';
import { countBodySchema, countResponseSchema, emptyResponse } from './route-schemas.ts';

const tags = ['bookings: booking policies'];
const params = z.object({ bookingPolicyId: z.uuid() });
const base = '/bookings/v1/booking-policies';

export const policiesRoutes: FastifyPluginAsyncZod<{ service: PoliciesService }> = async (
  app,
  { service },
) => {
  const manage = { access: catalogueAccess.manage };
  const read = { access: catalogueAccess.read };

  app.post(
    base,
    {
      config: manage,
      schema: {
        summary: 'Create a booking policy',
        tags,
        body: createBookingPolicyRequestSchema,
        response: { 200: bookingPolicyResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ bookingPolicy: await service.create(request.ctx, request.body.bookingPolicy) }),
  );

  app.get(
    `${base}/:bookingPolicyId`,
    {
      config: read,
      schema: {
        summary: 'Get a booking policy',
        tags,
        params,
        response: { 200: bookingPolicyResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ bookingPolicy: await service.get(request.ctx, request.params.bookingPolicyId) }),
  );

  app.patch(
    `${base}/:bookingPolicyId`,
    {
      config: manage,
      schema: {
        summary: 'Update a booking policy',
        tags,
        params,
        body: updateBookingPolicyRequestSchema,
        response: { 200: bookingPolicyResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      bookingPolicy: await service.update(
        request.ctx,
        request.params.bookingPolicyId,
        request.body.bookingPolicy,
        request.body.mask ?? request.body.fieldMask,
      ),
    }),
  );

  // The contract's path is `/{bookingPolicyId}:setDefault`: the regex ends the parameter at the colon and
  // `::` is a literal colon in the router's syntax.
  app.post(
    `${base}/:bookingPolicyId(^[^:]+)::setDefault`,
    {
      config: manage,
      schema: {
        summary: 'Make a policy the default',
        tags,
        params,
        response: { 200: setDefaultBookingPolicyResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.setDefault(request.ctx, request.params.bookingPolicyId),
  );

  app.delete(
    `${base}/:bookingPolicyId`,
    {
      config: manage,
      schema: {
        summary: 'Delete a booking policy',
        tags,
        params,
        response: { 200: emptyResponse, ...errorResponses },
      },
    },
    async (request) => {
      await service.delete(request.ctx, request.params.bookingPolicyId);
      return {};
    },
  );

  app.post(
    `${base}/strictest`,
    {
      config: read,
      schema: {
        summary: 'The strictest combination of policies',
        tags,
        body: strictestBookingPolicyRequestSchema,
        response: { 200: strictestBookingPolicyResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      bookingPolicy: await service.strictest(request.ctx, request.body.bookingPolicyIds),
    }),
  );

  app.post(
    `${base}/query`,
    {
      config: read,
      schema: {
        summary: 'Query booking policies',
        tags,
        body: queryBookingPoliciesRequestSchema,
        response: { 200: queryBookingPoliciesResponseSchema, ...errorResponses },
      },
    },
    async (request) => service.query(request.ctx, request.body.query),
  );

  app.post(
    `${base}/count`,
    {
      config: read,
      schema: {
        summary: 'Count booking policies',
        tags,
        body: countBodySchema,
        response: { 200: countResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ count: await service.count(request.ctx, request.body.filter) }),
  );
};
