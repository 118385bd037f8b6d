import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { z } from 'zod';
import type { RouteAccess } from './request-context.ts';
import { builtAnswerSerializer } from './built-answer-serializer.ts';
import { errorResponses } from './openapi.ts';

interface PostWithGetFormOptions<Body extends z.ZodType, Response extends z.ZodType> {
  body: Body;
  response: Response;
  access?: RouteAccess;
  summary?: string;
  description?: string;
  tags?: string[];
  /** The answer is built field by field by the service: written as it is (built-answer-serializer.ts). */
  builtAnswer?: boolean;
  handler: (
    request: FastifyRequest,
    input: z.output<Body>,
    reply: FastifyReply,
  ) => Promise<z.input<Response>>;
}

/**
 * Registers a POST route and its GET twin: the GET carries the same request as `.r` (base64url JSON), which the
 * wire rules decode into the query, so both forms are validated by one schema and answered by one handler.
 */
export function postWithGetForm<Body extends z.ZodType, Response extends z.ZodType>(
  app: FastifyInstance,
  path: string,
  options: PostWithGetFormOptions<Body, Response>,
): void {
  const shared: RouteShorthandOptions = {
    config: options.access ? { access: options.access } : {},
    ...(options.builtAnswer ? { serializerCompiler: builtAnswerSerializer } : {}),
  };
  const docs = { summary: options.summary, description: options.description, tags: options.tags };
  app.post(
    path,
    {
      ...shared,
      schema: { ...docs, body: options.body, response: { 200: options.response, ...errorResponses } },
    },
    (request, reply) => options.handler(request, request.body as z.output<Body>, reply),
  );
  app.get(
    path,
    {
      ...shared,
      schema: {
        ...docs,
        description:
          `${options.description ?? ''} GET form: the whole request as base64url JSON in \`.r\`.`.trim(),
        querystring: options.body,
        response: { 200: options.response, ...errorResponses },
      },
    },
    (request, reply) => options.handler(request, request.query as z.output<Body>, reply),
  );
}
