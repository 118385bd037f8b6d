import { brandErrorCodes } from '@atrium/contract/stores/brands';
import { ribbonErrorCodes } from '@atrium/contract/stores/ribbons';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/db/database.ts';
import { conflict, invalidField, notFound, staleRevision } from '../../platform/errors/app-error.ts';
import type { QueryInput, QueryRunner } from '../../platform/query/run-query.ts';
import type { LabelKind, LabelRow, LabelsRepository } from './labels.repository.ts';
import { storesEvents, type PublishStoresEvent } from './stores-events.ts';
import {
  checkIdMatches,
  checkMask,
  checkRevision,
  inTransactionUnique,
  iso,
  touches,
  v3Bulk,
  wants,
} from './v3-entities-shared.ts';

/**
 * Brands and ribbons (catalog v3): a label with a name unique per site. The two differ only in their
 * names on the wire, so one service serves both, built once per kind.
 */
const kinds = {
  brand: {
    entity: 'Brand',
    field: 'brand',
    nameMax: 50,
    countField: 'ASSIGNED_PRODUCTS_COUNT',
    countKey: 'assignedProductsCount',
    nameTaken: brandErrorCodes.nameTaken,
    events: {
      created: storesEvents.brandCreated,
      updated: storesEvents.brandUpdated,
      deleted: storesEvents.brandDeleted,
    },
  },
  ribbon: {
    entity: 'Ribbon',
    field: 'ribbon',
    nameMax: 30,
    countField: 'ASSIGNED_PRODUCT_COUNT',
    countKey: 'assignedProductCount',
    nameTaken: ribbonErrorCodes.nameTaken,
    events: {
      created: storesEvents.ribbonCreated,
      updated: storesEvents.ribbonUpdated,
      deleted: storesEvents.ribbonDeleted,
    },
  },
} as const;

export interface Label {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  name: string;
  assignedProductsCount?: number;
  assignedProductCount?: number;
}

interface LabelInput {
  id?: string | null;
  revision?: string | null;
  name?: string | null;
}
type Fields = readonly string[] | undefined;

export function createLabelsService(deps: {
  kind: LabelKind;
  database: Database;
  labels: LabelsRepository;
  publish: PublishStoresEvent;
  queries: QueryRunner;
}) {
  const { database, labels, publish, queries } = deps;
  const kind = kinds[deps.kind];

  const nameTaken = (name: string) =>
    conflict(kind.nameTaken, `${kind.entity} name "${name}" is already used by another ${kind.field}`, {
      name,
    });

  function toWire(row: LabelRow, counts?: ReadonlyMap<string, number>): Label {
    return {
      id: row.id,
      revision: String(row.revision),
      createdDate: iso(row.createdDate),
      updatedDate: iso(row.updatedDate),
      name: row.name,
      ...(counts ? { [kind.countKey]: counts.get(row.id) ?? 0 } : {}),
    };
  }

  /** The wire entities, with their product counts when the caller asked for them. */
  async function wire(siteId: string, rows: LabelRow[], fields: Fields, executor?: Executor) {
    const counts = wants(fields, kind.countField)
      ? await labels.countProducts(
          siteId,
          rows.map((row) => row.id),
          executor,
        )
      : undefined;
    return rows.map((row) => toWire(row, counts));
  }
  const wireOne = async (siteId: string, row: LabelRow, fields: Fields, executor?: Executor) =>
    (await wire(siteId, [row], fields, executor))[0]!;

  function requireName(name: string | null | undefined, field: string): string {
    const trimmed = name?.trim() ?? '';
    if (!trimmed) throw invalidField(field, 'is required and must hold more than spaces', 'REQUIRED_FIELD');
    if (trimmed.length > kind.nameMax)
      throw invalidField(field, `must be at most ${kind.nameMax} characters`, 'MAX_LENGTH');
    return trimmed;
  }

  async function create(ctx: RequestContext, name: string, tx: Tx): Promise<Label> {
    const row = await labels.insertIfNew(ctx.site.id, name, tx);
    if (!row) throw nameTaken(name);
    const entity = toWire(row);
    await publish(tx, ctx.site.id, kind.events.created, { entity });
    return entity;
  }

  /** The label of this name, created (and announced) when the site has none; safe when callers race. */
  async function getOrCreate(siteId: string, name: string, tx: Tx): Promise<LabelRow> {
    const created = await labels.insertIfNew(siteId, name, tx);
    if (created) {
      await publish(tx, siteId, kind.events.created, { entity: toWire(created) });
      return created;
    }
    const existing = await labels.findByName(siteId, name, tx);
    if (!existing) throw new Error(`${kind.entity} "${name}" neither inserted nor found`);
    return existing;
  }

  async function update(
    ctx: RequestContext,
    id: string,
    input: LabelInput,
    mask: readonly string[] | undefined,
    fields: Fields,
    tx: Tx,
  ): Promise<Label> {
    checkIdMatches(kind.field, input.id, id);
    checkMask(kind.field, mask, ['name']);
    const current = await labels.find(ctx.site.id, id, tx);
    if (!current) throw notFound(kind.entity, id);
    const expected = checkRevision(kind.entity, id, input.revision, current.revision);
    const name = touches('name', input as Record<string, unknown>, mask)
      ? requireName(input.name, `${kind.field}.name`)
      : current.name;
    if (name !== current.name) {
      const holder = await labels.findByName(ctx.site.id, name, tx);
      if (holder && holder.id !== id) throw nameTaken(name);
    }
    const row = await labels.renameAtRevision(ctx.site.id, id, expected, name, tx);
    if (!row) throw staleRevision(kind.entity, id, expected, current.revision + 1);
    const entity = await wireOne(ctx.site.id, row, fields, tx);
    await publish(tx, ctx.site.id, kind.events.updated, { entity: toWire(row) });
    return entity;
  }

  async function remove(ctx: RequestContext, id: string, tx: Tx): Promise<void> {
    await labels.unassignFromProducts(ctx.site.id, id, tx);
    if (!(await labels.delete(ctx.site.id, id, tx))) throw notFound(kind.entity, id);
    await publish(tx, ctx.site.id, kind.events.deleted, { entityId: id });
  }

  const unique = <T>(work: (tx: Tx) => Promise<T>, name: () => string) =>
    inTransactionUnique(database, work, () => nameTaken(name()));

  return {
    async create(ctx: RequestContext, input: LabelInput): Promise<Label> {
      const name = requireName(input.name, `${kind.field}.name`);
      return unique(
        (tx) => create(ctx, name, tx),
        () => name,
      );
    },

    async get(ctx: RequestContext, id: string, fields?: Fields): Promise<Label> {
      const row = await labels.find(ctx.site.id, id);
      if (!row) throw notFound(kind.entity, id);
      return wireOne(ctx.site.id, row, fields);
    },

    async update(
      ctx: RequestContext,
      id: string,
      input: LabelInput,
      options: { mask?: readonly string[]; fields?: Fields } = {},
    ): Promise<Label> {
      return unique(
        (tx) => update(ctx, id, input, options.mask, options.fields, tx),
        () => input.name?.trim() ?? '',
      );
    },

    /** Deleting a label takes it off every product that carried it. */
    async delete(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction((tx) => remove(ctx, id, tx));
    },

    async query(ctx: RequestContext, query: QueryInput, fields?: Fields) {
      const { rows, pagingMetadata } = await labels.page(queries, ctx.site.id, query);
      return { items: await wire(ctx.site.id, rows, fields), pagingMetadata };
    },

    async count(ctx: RequestContext, filter: unknown): Promise<number> {
      return labels.count(ctx.site.id, filter);
    },

    async getOrCreate(ctx: RequestContext, name: string, fields?: Fields): Promise<Label> {
      const trimmed = requireName(name, `${kind.field}Name`);
      return database.transaction(async (tx) =>
        wireOne(ctx.site.id, await getOrCreate(ctx.site.id, trimmed, tx), fields, tx),
      );
    },

    async bulkCreate(ctx: RequestContext, inputs: readonly LabelInput[], returnEntity: boolean) {
      return v3Bulk(
        inputs,
        async (input) => {
          const name = requireName(input.name, `${kind.field}.name`);
          return unique(
            (tx) => create(ctx, name, tx),
            () => name,
          );
        },
        () => null,
        { returnEntity },
      );
    },

    async bulkUpdate(
      ctx: RequestContext,
      items: ReadonlyArray<{ label: LabelInput & { id: string }; mask?: readonly string[] }>,
      options: { returnEntity: boolean; fields?: Fields },
    ) {
      return v3Bulk(
        items,
        (item) =>
          unique(
            (tx) => update(ctx, item.label.id, item.label, item.mask, options.fields, tx),
            () => item.label.name?.trim() ?? '',
          ),
        (item) => item.label.id,
        { returnEntity: options.returnEntity },
      );
    },

    /** Always answers the entities: getting them is the point of the call. */
    async bulkGetOrCreate(ctx: RequestContext, names: readonly string[], fields?: Fields) {
      return v3Bulk(
        names.map((name, index) => ({ name, index })),
        async ({ name, index }) => {
          const trimmed = requireName(name, `${kind.field}Names[${index}]`);
          return database.transaction(async (tx) =>
            wireOne(ctx.site.id, await getOrCreate(ctx.site.id, trimmed, tx), fields, tx),
          );
        },
        () => null,
        { returnEntity: true },
      );
    },

    async bulkDelete(ctx: RequestContext, ids: readonly string[]) {
      return v3Bulk(
        ids,
        async (id) => {
          await database.transaction((tx) => remove(ctx, id, tx));
          return undefined;
        },
        (id) => id,
        { returnEntity: false },
      );
    },

    // --- for the products part of the module, inside its transaction ---------------------------------------

    /**
     * The id of the label of this name (trimmed), created when the site has none.
     * @example const { id } = await brands.getOrCreateByName(siteId, 'Acme', tx)
     */
    async getOrCreateByName(siteId: string, name: string, tx: Tx): Promise<{ id: string; name: string }> {
      const row = await getOrCreate(siteId, requireName(name, `${kind.field}.name`), tx);
      return { id: row.id, name: row.name };
    },

    /** The names of these labels by id; unknown ids are absent from the map. */
    async namesByIds(
      siteId: string,
      ids: readonly string[],
      executor?: Executor,
    ): Promise<Map<string, string>> {
      const rows = await labels.findByIds(siteId, [...new Set(ids)], executor);
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

export type LabelsService = ReturnType<typeof createLabelsService>;
