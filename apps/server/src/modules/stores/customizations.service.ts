import {
  customizationErrorCodes as codes,
  type ChoiceInput,
  type Customization,
  type customizationInputSchema,
  type CustomizationRenderType,
  type CustomizationType,
} from '@atrium/contract/stores/customizations';
import type { z } from 'zod';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Executor, Tx } from '../../platform/db/database.ts';
import { badRequest, invalidField, notFound, staleRevision } from '../../platform/errors/app-error.ts';
import type { QueryInput, QueryRunner } from '../../platform/query/run-query.ts';
import {
  addChoices,
  createChoices,
  removeChoices,
  reorderChoices,
  setChoices,
  updateChoices,
  type ChoiceDoc,
  type ChoiceOwner,
} from './customization-choices.ts';
import type { CustomizationsRepository, CustomizationValues } from './customizations.repository.ts';
import { storesEvents, type PublishStoresEvent } from './stores-events.ts';
import type { StoresCustomizationRow } from './stores.tables.ts';
import {
  checkIdMatches,
  checkRevision,
  iso,
  noAssignedProducts,
  v3Bulk,
  wants,
  type AssignedProductsCounter,
} from './v3-entities-shared.ts';

/**
 * Catalog v3 customizations: product options and modifiers, with free-text settings or a list of
 * choices. The choice rules are in customization-choices.ts; this file reads, writes and announces.
 */

interface FreeTextDoc {
  minCharCount: number;
  maxCharCount: number;
  defaultAddedPrice?: string;
  title: string;
}
interface CustomizationDoc {
  freeTextInput?: FreeTextDoc;
  choicesSettings?: { choices: ChoiceDoc[] };
}
type Fields = readonly string[] | undefined;
type CustomizationInput = z.output<typeof customizationInputSchema>;
type FreeTextInput = NonNullable<CustomizationInput['freeTextInput']>;

const entity = 'Customization';
const defaultMaxChars = 500;

function docOf(row: StoresCustomizationRow): CustomizationDoc {
  return row.doc as CustomizationDoc;
}

function ownerOf(row: StoresCustomizationRow): ChoiceOwner {
  return {
    customizationType: row.customizationType as CustomizationType,
    renderType: row.renderType as CustomizationRenderType,
  };
}

function toWire(
  row: StoresCustomizationRow,
  fields: Fields,
  counts?: ReadonlyMap<string, number>,
): Customization {
  const doc = docOf(row);
  const withImages = wants(fields, 'CHOICE_DISPLAY_IMAGE');
  return {
    id: row.id,
    revision: String(row.revision),
    createdDate: iso(row.createdDate),
    updatedDate: iso(row.updatedDate),
    key: row.name,
    name: row.name,
    customizationType: row.customizationType as CustomizationType,
    customizationRenderType: row.renderType as CustomizationRenderType,
    ...(doc.freeTextInput ? { freeTextInput: { ...doc.freeTextInput, key: doc.freeTextInput.title } } : {}),
    ...(doc.choicesSettings
      ? {
          choicesSettings: {
            choices: doc.choicesSettings.choices.map(({ displayImage, ...choice }) => ({
              ...choice,
              key: choice.name,
              ...(withImages && displayImage ? { displayImage } : {}),
            })),
          },
        }
      : {}),
    ...(counts ? { assignedProductsCount: counts.get(row.id) ?? 0 } : {}),
  };
}

/** Free-text settings: the given fields over the current ones; 0 to 500 characters unless narrowed. */
function freeTextOf(input: FreeTextInput, current: FreeTextDoc | undefined, field: string): FreeTextDoc {
  const title = input.title ?? current?.title;
  if (!title) throw invalidField(`${field}.title`, 'is required', 'REQUIRED_FIELD');
  const minCharCount = input.minCharCount ?? current?.minCharCount ?? 0;
  const maxCharCount = input.maxCharCount ?? current?.maxCharCount ?? defaultMaxChars;
  if (minCharCount > maxCharCount) {
    throw badRequest(
      codes.invalidFreeTextSettings,
      `${field}.minCharCount (${minCharCount}) cannot be more than maxCharCount (${maxCharCount})`,
    );
  }
  const defaultAddedPrice = input.defaultAddedPrice ?? current?.defaultAddedPrice;
  return { minCharCount, maxCharCount, title, ...(defaultAddedPrice ? { defaultAddedPrice } : {}) };
}

/** A new customization's columns, checked: type and render type fit, and the settings fit the render type. */
function newCustomization(input: CustomizationInput, field: string): CustomizationValues {
  if (!input.name) throw invalidField(`${field}.name`, 'is required', 'REQUIRED_FIELD');
  const customizationType = input.customizationType;
  const renderType = input.customizationRenderType;
  if (!customizationType) throw invalidField(`${field}.customizationType`, 'is required', 'REQUIRED_FIELD');
  if (!renderType) throw invalidField(`${field}.customizationRenderType`, 'is required', 'REQUIRED_FIELD');
  const owner = { customizationType, renderType };
  if (renderType === 'FREE_TEXT') {
    if (customizationType === 'PRODUCT_OPTION') {
      throw badRequest(
        codes.invalidRenderType,
        `${field}: a PRODUCT_OPTION takes TEXT_CHOICES or SWATCH_CHOICES; FREE_TEXT is for modifiers`,
      );
    }
    if (input.choicesSettings?.choices?.length)
      throw invalidField(
        `${field}.choicesSettings`,
        'goes with TEXT_CHOICES or SWATCH_CHOICES, not FREE_TEXT',
      );
    if (!input.freeTextInput)
      throw invalidField(`${field}.freeTextInput`, 'is required with FREE_TEXT', 'REQUIRED_FIELD');
    const doc: CustomizationDoc = {
      freeTextInput: freeTextOf(input.freeTextInput, undefined, `${field}.freeTextInput`),
    };
    return { name: input.name, customizationType, renderType, doc: { ...doc } };
  }
  if (input.freeTextInput) {
    throw badRequest(
      codes.doesntSupportFreeText,
      `${field}.freeTextInput goes with FREE_TEXT, not ${renderType}`,
    );
  }
  const choices = input.choicesSettings?.choices;
  if (!choices?.length) {
    throw invalidField(
      `${field}.choicesSettings.choices`,
      `at least one is required with ${renderType}`,
      'REQUIRED_FIELD',
    );
  }
  const doc: CustomizationDoc = { choicesSettings: { choices: createChoices(choices, owner) } };
  return { name: input.name, customizationType, renderType, doc: { ...doc } };
}

export function createCustomizationsService(deps: {
  database: Database;
  customizations: CustomizationsRepository;
  publish: PublishStoresEvent;
  queries: QueryRunner;
  /** How many products use each customization; the products part of the module answers. */
  countAssignedProducts?: AssignedProductsCounter;
}) {
  const { database, customizations, publish, queries } = deps;
  const countAssigned = deps.countAssignedProducts ?? noAssignedProducts;

  async function wire(siteId: string, rows: StoresCustomizationRow[], fields: Fields, executor?: Executor) {
    const counts = wants(fields, 'ASSIGNED_PRODUCTS_COUNT')
      ? await countAssigned(
          siteId,
          rows.map((row) => row.id),
          executor,
        )
      : undefined;
    return rows.map((row) => toWire(row, fields, counts));
  }
  const wireOne = async (siteId: string, row: StoresCustomizationRow, fields: Fields, executor?: Executor) =>
    (await wire(siteId, [row], fields, executor))[0]!;

  async function create(ctx: RequestContext, input: CustomizationInput, field: string, tx: Tx) {
    const row = await customizations.insert(ctx.site.id, newCustomization(input, field), tx);
    const wired = toWire(row, undefined);
    await publish(tx, ctx.site.id, storesEvents.customizationCreated, { entity: wired });
    return wired;
  }

  async function save(
    ctx: RequestContext,
    current: StoresCustomizationRow,
    expected: number,
    values: Pick<CustomizationValues, 'name' | 'doc'>,
    fields: Fields,
    tx: Tx,
  ) {
    const row = await customizations.updateAtRevision(ctx.site.id, current.id, expected, values, tx);
    if (!row) throw staleRevision(entity, current.id, expected, current.revision + 1);
    await publish(tx, ctx.site.id, storesEvents.customizationUpdated, { entity: toWire(row, undefined) });
    return wireOne(ctx.site.id, row, fields, tx);
  }

  async function update(ctx: RequestContext, id: string, input: CustomizationInput, fields: Fields, tx: Tx) {
    checkIdMatches('customization', input.id, id);
    const current = await customizations.find(ctx.site.id, id, tx);
    if (!current) throw notFound(entity, id);
    const expected = checkRevision(entity, id, input.revision, current.revision);
    const immutable = [
      ['customizationType', input.customizationType, current.customizationType],
      ['customizationRenderType', input.customizationRenderType, current.renderType],
    ] as const;
    for (const [name, given, now] of immutable) {
      if (given && given !== now)
        throw invalidField(
          `customization.${name}`,
          `cannot change once created (it is ${now})`,
          'FIELD_NOT_ALLOWED',
        );
    }
    const doc = { ...docOf(current) };
    if (input.freeTextInput) {
      if (current.renderType !== 'FREE_TEXT') {
        throw badRequest(
          codes.doesntSupportFreeText,
          `Customization ${id} is ${current.renderType}; freeTextInput goes with FREE_TEXT`,
        );
      }
      doc.freeTextInput = freeTextOf(input.freeTextInput, doc.freeTextInput, 'customization.freeTextInput');
    }
    return save(ctx, current, expected, { name: input.name ?? current.name, doc: { ...doc } }, fields, tx);
  }

  /** Locks the customization, applies `edit` to its choices and saves them at the next revision. */
  async function editChoices(
    ctx: RequestContext,
    id: string,
    revision: string | null | undefined,
    edit: (choices: readonly ChoiceDoc[], owner: ChoiceOwner) => ChoiceDoc[],
    fields: Fields,
    tx: Tx,
  ) {
    const current = await customizations.findForUpdate(ctx.site.id, id, tx);
    if (!current) throw notFound(entity, id);
    const expected = checkRevision(entity, id, revision, current.revision);
    const doc = docOf(current);
    if (!doc.choicesSettings) {
      throw badRequest(
        codes.doesntSupportChoices,
        `Customization ${id} is ${current.renderType}: it has no choices`,
      );
    }
    const choices = edit(doc.choicesSettings.choices, ownerOf(current));
    const next: CustomizationDoc = { ...doc, choicesSettings: { choices } };
    return save(ctx, current, expected, { name: current.name, doc: { ...next } }, fields, tx);
  }

  async function remove(ctx: RequestContext, id: string, tx: Tx) {
    if (!(await customizations.find(ctx.site.id, id, tx))) throw notFound(entity, id);
    const assigned = (await countAssigned(ctx.site.id, [id], tx)).get(id) ?? 0;
    if (assigned > 0) {
      throw badRequest(
        codes.assignedToProduct,
        `Customization ${id} is used by ${assigned} products; remove it from them first`,
        { id, assignedProductsCount: assigned },
      );
    }
    await customizations.delete(ctx.site.id, id, tx);
    await publish(tx, ctx.site.id, storesEvents.customizationDeleted, { entityId: id });
  }

  const bulkOptions = (returnEntity: boolean) => ({ returnEntity, key: 'customization' });

  return {
    async create(ctx: RequestContext, input: CustomizationInput): Promise<Customization> {
      return database.transaction((tx) => create(ctx, input, 'customization', tx));
    },

    async get(ctx: RequestContext, id: string, fields?: Fields): Promise<Customization> {
      const row = await customizations.find(ctx.site.id, id);
      if (!row) throw notFound(entity, id);
      return wireOne(ctx.site.id, row, fields);
    },

    /** Name and free-text settings change here; choices through the choice calls; types never. */
    async update(ctx: RequestContext, id: string, input: CustomizationInput, fields?: Fields) {
      return database.transaction((tx) => update(ctx, id, input, fields, tx));
    },

    /** A customization products still use cannot be deleted. */
    async delete(ctx: RequestContext, id: string): Promise<void> {
      await database.transaction((tx) => remove(ctx, id, tx));
    },

    async query(ctx: RequestContext, query: QueryInput, fields?: Fields) {
      const { rows, pagingMetadata } = await customizations.page(queries, ctx.site.id, query);
      return { customizations: await wire(ctx.site.id, rows, fields), pagingMetadata };
    },

    async count(ctx: RequestContext, filter: unknown): Promise<number> {
      return customizations.count(ctx.site.id, filter);
    },

    async addChoices(ctx: RequestContext, id: string, choices: readonly ChoiceInput[], fields?: Fields) {
      return database.transaction((tx) =>
        editChoices(ctx, id, undefined, (current, owner) => addChoices(current, choices, owner), fields, tx),
      );
    },

    async setChoices(ctx: RequestContext, id: string, choices: readonly ChoiceInput[], fields?: Fields) {
      return database.transaction((tx) =>
        editChoices(ctx, id, undefined, (current, owner) => setChoices(current, choices, owner), fields, tx),
      );
    },

    async removeChoices(
      ctx: RequestContext,
      id: string,
      choiceIds: readonly string[],
      options: { revision?: string | null; fields?: Fields } = {},
    ) {
      return database.transaction((tx) =>
        editChoices(
          ctx,
          id,
          options.revision,
          (current) => removeChoices(current, choiceIds),
          options.fields,
          tx,
        ),
      );
    },

    async updateChoices(
      ctx: RequestContext,
      id: string,
      choices: ReadonlyArray<ChoiceInput & { id: string }>,
      options: { revision?: string | null; fields?: Fields } = {},
    ) {
      return database.transaction((tx) =>
        editChoices(
          ctx,
          id,
          options.revision,
          (current, owner) => updateChoices(current, choices, owner),
          options.fields,
          tx,
        ),
      );
    },

    async reorderChoices(
      ctx: RequestContext,
      id: string,
      choiceIds: readonly string[],
      options: { revision?: string | null; fields?: Fields } = {},
    ) {
      return database.transaction((tx) =>
        editChoices(
          ctx,
          id,
          options.revision,
          (current) => reorderChoices(current, choiceIds),
          options.fields,
          tx,
        ),
      );
    },

    async bulkCreate(ctx: RequestContext, inputs: readonly CustomizationInput[], returnEntity: boolean) {
      return v3Bulk(
        inputs.map((input, index) => ({ input, index })),
        ({ input, index }) =>
          database.transaction((tx) => create(ctx, input, `customizations[${index}]`, tx)),
        () => null,
        bulkOptions(returnEntity),
      );
    },

    async bulkUpdate(
      ctx: RequestContext,
      inputs: ReadonlyArray<CustomizationInput & { id: string }>,
      options: { returnEntity: boolean; fields?: Fields },
    ) {
      return v3Bulk(
        inputs,
        (input) => database.transaction((tx) => update(ctx, input.id, input, options.fields, tx)),
        (input) => input.id,
        bulkOptions(options.returnEntity),
      );
    },

    async bulkAddChoices(
      ctx: RequestContext,
      items: ReadonlyArray<{ customizationId: string; choices: readonly ChoiceInput[] }>,
      options: { returnEntity: boolean; fields?: Fields },
    ) {
      return v3Bulk(
        items,
        (item) =>
          database.transaction((tx) =>
            editChoices(
              ctx,
              item.customizationId,
              undefined,
              (current, owner) => addChoices(current, item.choices, owner),
              options.fields,
              tx,
            ),
          ),
        (item) => item.customizationId,
        bulkOptions(options.returnEntity),
      );
    },
  };
}

export type CustomizationsService = ReturnType<typeof createCustomizationsService>;
