import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database.ts';
import type { QueueHealth } from '../bus/event-bus.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  database: z.string().optional(),
  queue: z.enum(['ok', 'stopped', 'unavailable']).optional(),
});

export const healthRoutes: FastifyPluginAsyncZod<{
  database: Database;
  events: { health(): Promise<QueueHealth> };
}> = async (app, { database, events }) => {
  app.get(
    '/healthz',
    { config: { access: { public: true } }, schema: { tags: ['platform'], response: { 200: healthSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/readyz',
    {
      config: { access: { public: true } },
      schema: { tags: ['platform'], response: { 200: healthSchema, 503: healthSchema } },
    },
    async (_request, reply) => {
      const queue = await events.health();
      try {
        await database.query('SELECT 1');
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: database.kind, queue });
      }
      // A stopped queue means this process is shutting down: it should receive no new traffic.
      if (queue !== 'ok')
        return reply.status(503).send({ status: 'unavailable', database: database.kind, queue });
      return { status: 'ok' as const, database: database.kind, queue };
    },
  );
};
