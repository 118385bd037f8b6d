import { addOnErrorCodes, type AddOn, type AddOnInput } from '@atrium/contract/bookings/add-ons';
import type { RequestContext } from '../../platform/context.ts';
import type { Database, Tx } from '../../platform/db/database.ts';
import { AppError, conflict, invalidField } from '../../platform/errors/app-error.ts';
import { bulkResults } from '../../platform/bulk/bulk-results.ts';
import { money, toDecimalString } from '../../platform/money/money.ts';
import { toBookingsMoney } from '../../platform/money/wire.ts';
import type { QueryInput, QueryRunner } from '../../platform/query/run-query.ts';
import type { AddOnsRepository } from './add-ons.repository.ts';
import type { AddOnRow } from './add-ons.tables.ts';
import { applyUpdate, assertRevision, withoutNullish } from './catalogue-shared.ts';

const notFound = (id: string) =>
  new AppError(404, addOnErrorCodes.addOnNotFound, `Add-on ${id} not found`, { data: { id } });

const docFields = ['taxGroup', 'mainMedia', 'extendedFields', 'tags'] as const;
const updatable = ['name', 'price', 'durationInMinutes', 'maxQuantity', ...docFields];

// The price reads in the site's current currency (the amount as entered), as services' prices do.
function toWire(row: AddOnRow, currency: string): AddOn {
  const doc = row.doc as Partial<Record<(typeof docFields)[number], unknown>>;
  return {
    id: row.id,
    revision: String(row.revision),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
    name: row.name,
    price: toBookingsMoney(money(row.price, currency)),
    ...(row.durationInMinutes !== null ? { durationInMinutes: row.durationInMinutes } : {}),
    ...(row.maxQuantity !== null ? { maxQuantity: row.maxQuantity } : {}),
    ...(withoutNullish(doc) as Pick<AddOn, 'taxGroup' | 'mainMedia' | 'extendedFields' | 'tags'>),
  };
}

/** An add-on's wire fields as a plain object, the shape updates are applied to. */
function stateOf(row: AddOnRow, currency: string): Record<string, unknown> {
  const { id: _id, revision: _revision, createdDate: _c, updatedDate: _u, ...state } = toWire(row, currency);
  return state;
}

/**
 * The columns of a complete add-on, checked: a name, a price in the site's currency (rounded to its
 * minor units through platform/money), and exactly one of `durationInMinutes` or `maxQuantity` (the
 * client's one-of: an add-on lengthens the session or is taken in a quantity).
 */
function columnsOf(ctx: RequestContext, input: Record<string, unknown>, field: string) {
  const value = input as AddOnInput;
  if (!value.name) throw invalidField(`${field}.name`, 'is required', 'REQUIRED_FIELD');
  if (!value.price?.value) throw invalidField(`${field}.price.value`, 'is required', 'REQUIRED_FIELD');
  if (value.price.currency && value.price.currency !== ctx.site.currency) {
    throw invalidField(`${field}.price.currency`, `must be the site's currency ${ctx.site.currency}`);
  }
  const hasDuration = value.durationInMinutes !== undefined && value.durationInMinutes !== null;
  const hasQuantity = value.maxQuantity !== undefined && value.maxQuantity !== null;
  if (hasDuration === hasQuantity) {
    throw invalidField(
      `${field}.durationInMinutes`,
      'give exactly one of durationInMinutes and maxQuantity',
      'VALIDATION',
    );
  }
  const doc = Object.fromEntries(
    docFields
      .filter((key) => value[key] !== undefined && value[key] !== null)
      .map((key) => [key, value[key]]),
  );
  return {
    name: value.name,
    price: toDecimalString(money(value.price.value, ctx.site.currency)),
    currency: ctx.site.currency,
    durationInMinutes: hasDuration ? value.durationInMinutes! : null,
    maxQuantity: hasQuantity ? value.maxQuantity! : null,
    doc,
  };
}

/**
 * Add-ons of the bookings catalogue. A service offers them through its add-on groups (kept on the service,
 * `service-add-on-groups.ts`); an add-on a group still names cannot be deleted (409 ADD_ON_IN_USE):
 * remove it from the group first, so no service offers an extra that no longer exists.
 */
export function createAddOnsService(deps: {
  database: Database;
  addOns: AddOnsRepository;
  queries: QueryRunner;
}) {
  const { database, addOns, queries } = deps;

  async function update(
    ctx: RequestContext,
    id: string,
    input: Record<string, unknown> & { revision?: string | null },
    mask: readonly string[] | undefined,
    tx: Tx,
  ): Promise<AddOn> {
    const current = await addOns.lock(ctx.site.id, id, tx);
    if (!current) throw notFound(id);
    assertRevision('Add-on', id, input.revision, current.revision);
    const next = applyUpdate(stateOf(current, ctx.site.currency), input, mask, {
      updatable,
      maskField: 'fieldMask',
    });
    return toWire(await addOns.update(ctx.site.id, id, columnsOf(ctx, next, 'addOn'), tx), ctx.site.currency);
  }

  async function remove(ctx: RequestContext, id: string, tx: Tx): Promise<void> {
    const current = await addOns.lock(ctx.site.id, id, tx);
    if (!current) throw notFound(id);
    const naming = await addOns.servicesNaming(ctx.site.id, id, tx);
    if (naming.length > 0) {
      throw conflict(
        addOnErrorCodes.addOnInUse,
        `Add-on ${id} is offered by the add-on groups of ${naming.length} service(s): remove it from them first`,
        { id, serviceIds: naming },
      );
    }
    await addOns.delete(ctx.site.id, id, tx);
  }

  return {
    async create(ctx: RequestContext, input: AddOnInput): Promise<AddOn> {
      return toWire(
        await addOns.insert({ siteId: ctx.site.id, ...columnsOf(ctx, input, 'addOn') }),
        ctx.site.currency,
      );
    },

    async get(ctx: RequestContext, id: string): Promise<AddOn> {
      const row = await addOns.find(ctx.site.id, id);
      if (!row) throw notFound(id);
      return toWire(row, ctx.site.currency);
    },

    update(
      ctx: RequestContext,
      id: string,
      input: AddOnInput,
      mask: readonly string[] | undefined,
    ): Promise<AddOn> {
      return database.transaction((tx) => update(ctx, id, input, mask, tx));
    },

    delete(ctx: RequestContext, id: string): Promise<void> {
      return database.transaction((tx) => remove(ctx, id, tx));
    },

    async query(ctx: RequestContext, query: QueryInput) {
      const { rows, pagingMetadata } = await addOns.page(queries, ctx.site.id, query);
      return { addOns: rows.map((row) => toWire(row, ctx.site.currency)), pagingMetadata };
    },

    /** Each item on its own (a failure does not undo the others). */
    bulkCreate(ctx: RequestContext, inputs: readonly AddOnInput[]) {
      return bulkResults(
        inputs,
        (input) => this.create(ctx, input),
        (_input, addOn) => addOn?.id ?? null,
      );
    },

    bulkUpdate(
      ctx: RequestContext,
      items: ReadonlyArray<{ addOn: AddOnInput & { id: string }; fieldMask?: string[] }>,
    ) {
      return bulkResults(
        items,
        (item) => this.update(ctx, item.addOn.id, item.addOn, item.fieldMask),
        (item) => item.addOn.id,
      );
    },

    bulkDelete(ctx: RequestContext, ids: readonly string[]) {
      return bulkResults(
        ids,
        (id) => this.delete(ctx, id),
        (id) => id,
      );
    },
  };
}

export type AddOnsService = ReturnType<typeof createAddOnsService>;
