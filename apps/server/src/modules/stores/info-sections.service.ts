import {
  infoSectionErrorCodes,
  infoSectionLimits,
  type InfoSection,
  type InfoSectionInput,
  type RichContent,
} from '@atrium/contract/stores/info-sections';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/db/database.ts';
import { conflict, invalidField, notFound, staleRevision } from '../../platform/errors/app-error.ts';
import type { QueryInput, QueryRunner } from '../../platform/query/run-query.ts';
import type { InfoSectionsRepository, InfoSectionValues } from './info-sections.repository.ts';
import { storesEvents, type PublishStoresEvent } from './stores-events.ts';
import type { StoresInfoSectionRow } from './stores.tables.ts';
import {
  checkIdMatches,
  checkMask,
  checkRevision,
  inTransactionUnique,
  iso,
  noAssignedProducts,
  touches,
  v3Bulk,
  wants,
  type AssignedProductsCounter,
} from './v3-entities-shared.ts';

/**
 * Catalog v3 info sections: a titled rich-text block with a `uniqueName` unique per site. The clients
 * send the text as rich content (`description`) or as HTML (`plainDescription`); each is derived from
 * the other when only one is given, so both always agree.
 */

interface InfoSectionDoc {
  description?: RichContent;
  plainDescription?: string;
}
type Fields = readonly string[] | undefined;
type Input = Omit<InfoSectionInput, 'revision'> & { revision?: string | null };

const entity = 'Info section';
const updatable = ['uniqueName', 'title', 'description', 'plainDescription'];

const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  '#39': "'",
  nbsp: ' ',
};
const decode = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos|#39|nbsp);/g, (_, name: string) => entities[name]!);
const escape = (text: string) =>
  text.replace(/[&<>"]/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[char]!);

/** HTML as rich content: one paragraph per block (`<p>`, `<br>`, headings, list items), tags dropped. */
export function richContentFromHtml(html: string): RichContent {
  const blocks = html
    .split(/<\/(?:p|div|h[1-6]|li)>|<br\s*\/?>/i)
    .map((block) => decode(block.replace(/<[^>]*>/g, '')).trim())
    .filter((block) => block.length > 0);
  return {
    nodes: blocks.map((text, index) => ({
      type: 'PARAGRAPH',
      id: `p${index + 1}`,
      nodes: [{ type: 'TEXT', id: '', nodes: [], textData: { text, decorations: [] } }],
      paragraphData: {},
    })),
    metadata: { version: 1 },
  };
}

/** The text of rich content as HTML paragraphs (formatting beyond paragraphs is not carried over). */
export function htmlFromRichContent(content: RichContent): string {
  const textOf = (node: unknown): string => {
    const value = node as { textData?: { text?: unknown }; nodes?: unknown[] };
    const own = typeof value.textData?.text === 'string' ? value.textData.text : '';
    return own + (Array.isArray(value.nodes) ? value.nodes.map(textOf).join('') : '');
  };
  return (content.nodes ?? [])
    .map(textOf)
    .filter((text) => text.length > 0)
    .map((text) => `<p>${escape(text)}</p>`)
    .join('');
}

/** The stored text from what the caller gave: rich content wins, HTML is converted when it comes alone. */
export function infoSectionDocOf(
  description: RichContent | null | undefined,
  plain: string | null | undefined,
): InfoSectionDoc {
  if (description) return { description, plainDescription: plain ?? htmlFromRichContent(description) };
  if (plain) return { description: richContentFromHtml(plain), plainDescription: plain };
  return {};
}

function required(value: string | null | undefined, field: string, max: number): string {
  const trimmed = value?.trim() ?? '';
  if (!trimmed) throw invalidField(field, 'is required and must hold more than spaces', 'REQUIRED_FIELD');
  if (trimmed.length > max) throw invalidField(field, `must be at most ${max} characters`, 'MAX_LENGTH');
  return trimmed;
}

function toWire(row: StoresInfoSectionRow, counts?: ReadonlyMap<string, number>): InfoSection {
  const doc = row.doc as InfoSectionDoc;
  return {
    id: row.id,
    revision: String(row.revision),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
    uniqueName: row.uniqueName,
    title: row.title,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.plainDescription !== undefined ? { plainDescription: doc.plainDescription } : {}),
    ...(counts ? { assignedProductsCount: counts.get(row.id) ?? 0 } : {}),
  };
}

function newValues(input: Input, field: string): InfoSectionValues {
  return {
    uniqueName: required(input.uniqueName, `${field}.uniqueName`, infoSectionLimits.uniqueNameLength),
    title: required(input.title, `${field}.title`, infoSectionLimits.titleLength),
    doc: { ...infoSectionDocOf(input.description, input.plainDescription) },
  };
}

export function createInfoSectionsService(deps: {
  database: Database;
  infoSections: InfoSectionsRepository;
  publish: PublishStoresEvent;
  queries: QueryRunner;
  /** How many products show each info section; the products part of the module answers. */
  countAssignedProducts?: AssignedProductsCounter;
}) {
  const { database, infoSections, publish, queries } = deps;
  const countAssigned = deps.countAssignedProducts ?? noAssignedProducts;

  const nameTaken = (uniqueName: string) =>
    conflict(
      infoSectionErrorCodes.uniqueNameTaken,
      `Info section uniqueName "${uniqueName}" is already used by another info section`,
      { uniqueName },
    );
  const unique = <T>(work: (tx: Tx) => Promise<T>, uniqueName: () => string) =>
    inTransactionUnique(database, work, () => nameTaken(uniqueName()));

  async function wire(siteId: string, rows: StoresInfoSectionRow[], fields: Fields, executor?: Executor) {
    const counts = wants(fields, 'ASSIGNED_PRODUCTS_COUNT')
      ? await countAssigned(
          siteId,
          rows.map((row) => row.id),
          executor,
        )
      : undefined;
    return rows.map((row) => toWire(row, counts));
  }
  const wireOne = async (siteId: string, row: StoresInfoSectionRow, fields: Fields, executor?: Executor) =>
    (await wire(siteId, [row], fields, executor))[0]!;

  async function insert(ctx: RequestContext, values: InfoSectionValues, tx: Tx) {
    const row = await infoSections.insertIfNew(ctx.site.id, values, tx);
    if (row) await publish(tx, ctx.site.id, storesEvents.infoSectionCreated, { entity: toWire(row) });
    return row;
  }

  async function create(ctx: RequestContext, input: Input, field: string, tx: Tx) {
    const values = newValues(input, field);
    const row = await insert(ctx, values, tx);
    if (!row) throw nameTaken(values.uniqueName);
    return toWire(row);
  }

  /** By id, else by `uniqueName`; created from `uniqueName` and `title` when the name is free. */
  async function getOrCreate(ctx: RequestContext, input: Input, field: string, fields: Fields, tx: Tx) {
    if (input.id) {
      const row = await infoSections.find(ctx.site.id, input.id, tx);
      if (!row) throw notFound(entity, input.id);
      return wireOne(ctx.site.id, row, fields, tx);
    }
    const uniqueName = required(input.uniqueName, `${field}.uniqueName`, infoSectionLimits.uniqueNameLength);
    const existing = await infoSections.findByUniqueName(ctx.site.id, uniqueName, tx);
    const row =
      existing ??
      (await insert(ctx, newValues(input, field), tx)) ??
      (await infoSections.findByUniqueName(ctx.site.id, uniqueName, tx));
    if (!row) throw new Error(`Info section "${uniqueName}" neither inserted nor found`);
    return wireOne(ctx.site.id, row, fields, tx);
  }

  async function update(
    ctx: RequestContext,
    id: string,
    input: Input,
    mask: readonly string[] | undefined,
    fields: Fields,
    tx: Tx,
  ) {
    checkIdMatches('infoSection', input.id, id);
    checkMask('infoSection', mask, updatable);
    const current = await infoSections.find(ctx.site.id, id, tx);
    if (!current) throw notFound(entity, id);
    const expected = checkRevision(entity, id, input.revision, current.revision);
    const patch = input as Record<string, unknown>;
    const currentDoc = current.doc as InfoSectionDoc;
    const text = (name: 'uniqueName' | 'title', max: number) =>
      touches(name, patch, mask) ? required(input[name], `infoSection.${name}`, max) : current[name];
    const changesDescription = touches('description', patch, mask);
    const changesPlain = touches('plainDescription', patch, mask);
    const doc =
      changesDescription || changesPlain
        ? infoSectionDocOf(
            changesDescription ? input.description : changesPlain ? undefined : currentDoc.description,
            changesPlain ? input.plainDescription : undefined,
          )
        : currentDoc;
    const uniqueName = text('uniqueName', infoSectionLimits.uniqueNameLength);
    if (uniqueName !== current.uniqueName) {
      const holder = await infoSections.findByUniqueName(ctx.site.id, uniqueName, tx);
      if (holder && holder.id !== id) throw nameTaken(uniqueName);
    }
    const values = { uniqueName, title: text('title', infoSectionLimits.titleLength), doc: { ...doc } };
    const row = await infoSections.updateAtRevision(ctx.site.id, id, expected, values, tx);
    if (!row) throw staleRevision(entity, id, expected, current.revision + 1);
    await publish(tx, ctx.site.id, storesEvents.infoSectionUpdated, { entity: toWire(row) });
    return wireOne(ctx.site.id, row, fields, tx);
  }

  async function remove(ctx: RequestContext, id: string, tx: Tx) {
    if (!(await infoSections.delete(ctx.site.id, id, tx))) throw notFound(entity, id);
    await publish(tx, ctx.site.id, storesEvents.infoSectionDeleted, { entityId: id });
  }

  return {
    async create(ctx: RequestContext, input: Input): Promise<InfoSection> {
      return unique(
        (tx) => create(ctx, input, 'infoSection', tx),
        () => input.uniqueName?.trim() ?? '',
      );
    },

    async get(ctx: RequestContext, id: string, fields?: Fields): Promise<InfoSection> {
      const row = await infoSections.find(ctx.site.id, id);
      if (!row) throw notFound(entity, id);
      return wireOne(ctx.site.id, row, fields);
    },

    async update(
      ctx: RequestContext,
      id: string,
      input: Input,
      options: { mask?: readonly string[]; fields?: Fields } = {},
    ): Promise<InfoSection> {
      return unique(
        (tx) => update(ctx, id, input, options.mask, options.fields, tx),
        () => input.uniqueName?.trim() ?? '',
      );
    },

    async delete(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction((tx) => remove(ctx, id, tx));
    },

    async query(ctx: RequestContext, query: QueryInput, fields?: Fields) {
      const { rows, pagingMetadata } = await infoSections.page(queries, ctx.site.id, query);
      return { infoSections: await wire(ctx.site.id, rows, fields), pagingMetadata };
    },

    async count(ctx: RequestContext, filter: unknown): Promise<number> {
      return infoSections.count(ctx.site.id, filter);
    },

    async getOrCreate(ctx: RequestContext, input: Input, fields?: Fields): Promise<InfoSection> {
      return database.transaction((tx) => getOrCreate(ctx, input, 'infoSection', fields, tx));
    },

    async bulkCreate(ctx: RequestContext, inputs: readonly Input[], returnEntity: boolean) {
      return v3Bulk(
        inputs.map((input, index) => ({ input, index })),
        ({ input, index }) =>
          unique(
            (tx) => create(ctx, input, `infoSections[${index}]`, tx),
            () => input.uniqueName?.trim() ?? '',
          ),
        () => null,
        { returnEntity },
      );
    },

    async bulkUpdate(
      ctx: RequestContext,
      items: ReadonlyArray<{ infoSection: Input & { id: string }; mask?: readonly string[] }>,
      options: { returnEntity: boolean; fields?: Fields },
    ) {
      return v3Bulk(
        items,
        (item) =>
          unique(
            (tx) => update(ctx, item.infoSection.id, item.infoSection, item.mask, options.fields, tx),
            () => item.infoSection.uniqueName?.trim() ?? '',
          ),
        (item) => item.infoSection.id,
        { returnEntity: options.returnEntity },
      );
    },

    /** Always answers the entities: getting them is the point of the call. */
    async bulkGetOrCreate(ctx: RequestContext, inputs: readonly Input[], fields?: Fields) {
      return v3Bulk(
        inputs.map((input, index) => ({ input, index })),
        ({ input, index }) =>
          database.transaction((tx) => getOrCreate(ctx, input, `infoSections[${index}]`, fields, tx)),
        ({ input }) => input.id ?? null,
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
  };
}

export type InfoSectionsService = ReturnType<typeof createInfoSectionsService>;
