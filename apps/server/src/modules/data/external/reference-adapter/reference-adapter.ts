import { randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../../../../platform/db/database.ts';
import { createAdapterRepository } from './adapter.repository.ts';

/**
 * A small reference adapter of the external database adapter protocol over PostgreSQL (or PGlite): what a
 * business runs next to its own database so Atrium can reach it through an external database connection.
 * `schemas/list`, `data/find` (equality filters, skip/limit), `data/count`, `data/insert`, `data/update`,
 * `data/remove`; every call must carry the shared secret in `requestContext.settings.secretKey` (else 401).
 * Run it: `createReferenceAdapter({...}).listen({port})`. The tests start it on a free port.
 */
export async function createReferenceAdapter(options: {
  database: Database;
  secretKey: string;
  collections: Array<{ id: string; fields: Array<{ key: string; type: string }> }>;
}): Promise<FastifyInstance> {
  const repository = createAdapterRepository(options.database.db);
  await repository.install();
  const app = Fastify({ logger: false });
  const expected = Buffer.from(options.secretKey);

  type Body = {
    requestContext?: { settings?: { secretKey?: string } };
    collectionName?: string;
    filter?: Record<string, unknown>;
    skip?: number;
    limit?: number;
    item?: Record<string, unknown>;
    itemId?: string;
  };

  app.addHook('preHandler', async (request, reply) => {
    const given = Buffer.from((request.body as Body | undefined)?.requestContext?.settings?.secretKey ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(401).send({ message: 'Unauthorized' });
    }
  });

  const collectionOf = (body: Body) => {
    const collection = options.collections.find((entry) => entry.id === body.collectionName);
    if (!collection)
      throw Object.assign(new Error(`No collection ${body.collectionName}`), { statusCode: 404 });
    return collection.id;
  };
  const filterOf = (body: Body) => (body.filter && typeof body.filter === 'object' ? body.filter : {});

  app.post('/schemas/list', async () => ({
    schemas: options.collections.map((collection) => ({
      id: collection.id,
      displayName: collection.id,
      allowedOperations: ['get', 'find', 'count', 'insert', 'update', 'remove'],
      fields: Object.fromEntries(
        collection.fields.map((field) => [
          field.key,
          { displayName: field.key, type: field.type.toLowerCase() },
        ]),
      ),
    })),
  }));
  app.post('/data/find', async (request) => {
    const body = request.body as Body;
    const items = await repository.find(
      collectionOf(body),
      filterOf(body),
      Math.max(0, Number(body.skip ?? 0)),
      Math.min(1000, Math.max(1, Number(body.limit ?? 50))),
    );
    return { items, totalCount: items.length };
  });
  app.post('/data/count', async (request) => {
    const body = request.body as Body;
    return { totalCount: await repository.count(collectionOf(body), filterOf(body)) };
  });
  for (const path of ['/data/insert', '/data/update']) {
    app.post(path, async (request) => {
      const body = request.body as Body;
      const item = { ...(body.item ?? {}) };
      item._id = typeof item._id === 'string' ? item._id : randomUUID();
      await repository.upsert(collectionOf(body), item._id as string, item);
      return { item };
    });
  }
  app.post('/data/remove', async (request) => {
    const body = request.body as Body;
    return { item: (await repository.remove(collectionOf(body), String(body.itemId ?? ''))) ?? null };
  });
  return app;
}
