import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import {
  createStatementCache,
  runRowInsert,
  definedValues,
  rowPlaceholders,
  rowShape,
  rowValues,
} from '../../platform/db/prepared.ts';
import { ecomCarts, type CartRow } from './ecom.tables.ts';

const c = ecomCarts;
export type NewCartRow = typeof ecomCarts.$inferInsert;

export interface Buyer {
  visitorId?: string;
  memberId?: string;
}

type CartChanges = Partial<
  Pick<NewCartRow, 'lineItems' | 'doc' | 'checkoutId' | 'current' | 'memberId' | 'visitorId'>
>;

// A buyer's current cart is read and written by statements prepared once (prepared.ts).
const statements = createStatementCache();
const placeholder = (name: string) => sql.placeholder(name);

/** The buyer's current cart, with the site and the buyer's id as the placeholders `siteId` and `buyerId`. */
function currentOf(member: boolean) {
  return member
    ? and(eq(c.siteId, placeholder('siteId')), eq(c.current, true), eq(c.memberId, placeholder('buyerId')))
    : and(
        eq(c.siteId, placeholder('siteId')),
        eq(c.current, true),
        isNull(c.memberId),
        eq(c.visitorId, placeholder('buyerId')),
      );
}

function currentQuery(executor: Executor, name: string, member: boolean, lock: boolean) {
  const query = executor.select().from(c).where(currentOf(member)).limit(1);
  return (lock ? query.for('update') : query).prepare(name);
}

function updateQuery(executor: Executor, name: string, changes: CartChanges, ifRevision: boolean) {
  return executor
    .update(c)
    .set({ ...rowPlaceholders(changes, 's_'), revision: sql`${c.revision} + 1`, updatedDate: sql`now()` })
    .where(
      and(
        eq(c.siteId, placeholder('siteId')),
        eq(c.id, placeholder('id')),
        ifRevision ? eq(c.revision, placeholder('revision')) : undefined,
      ),
    )
    .returning()
    .prepare(name);
}

/** The only file of carts that speaks Drizzle. */
export function createCartsRepository(db: Executor) {
  return {
    async findCurrent(
      siteId: string,
      buyer: Buyer,
      executor: Executor = db,
      lock = false,
    ): Promise<CartRow | undefined> {
      const member = !!buyer.memberId;
      const [row] = await statements.run(
        `ecom_current_cart_of_${member ? 'member' : 'visitor'}${lock ? '_locked' : ''}`,
        executor,
        (x, name) => currentQuery(x, name, member, lock),
        { siteId, buyerId: member ? buyer.memberId : (buyer.visitorId ?? '') },
      );
      return row;
    },

    /**
     * Makes the buyer's current cart with these values, or nothing when another request made it first
     * (the partial unique index on a buyer's current cart decides).
     */
    async insertCurrent(
      siteId: string,
      buyer: Buyer,
      values: Pick<NewCartRow, 'currency' | 'lineItems' | 'doc'>,
      executor: Executor,
    ): Promise<CartRow | undefined> {
      const row = {
        ...values,
        siteId,
        visitorId: buyer.memberId ? null : (buyer.visitorId ?? null),
        memberId: buyer.memberId ?? null,
        current: true,
      };
      const [inserted] = await runRowInsert(
        statements,
        'ecom_current_cart_insert',
        executor,
        row,
        (x, placeholders, name) =>
          x.insert(c).values(placeholders).onConflictDoNothing().returning().prepare(name),
      );
      return inserted;
    },

    async find(
      siteId: string,
      id: string,
      executor: Executor = db,
      lock = false,
    ): Promise<CartRow | undefined> {
      const query = executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async findByCheckout(
      siteId: string,
      checkoutId: string,
      executor: Executor = db,
    ): Promise<CartRow | undefined> {
      const [row] = await executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.checkoutId, checkoutId)))
        .limit(1);
      return row;
    },

    async insert(values: NewCartRow, executor: Executor = db): Promise<CartRow> {
      const [row] = await executor.insert(c).values(values).returning();
      return row!;
    },

    async update(
      siteId: string,
      id: string,
      changes: CartChanges,
      executor: Executor = db,
    ): Promise<CartRow> {
      const given = definedValues(changes);
      const parameters: Record<string, unknown> = { siteId, id };
      rowValues(given, 's_', parameters);
      const [row] = await statements.run(
        statements.nameFor('ecom_cart_update', rowShape(given)),
        executor,
        (x, name) => updateQuery(x, name, given, false),
        parameters,
      );
      return row!;
    },

    /** `update` only while the cart is at `revision` (as its caller read it): undefined when it changed. */
    async updateIfUnchanged(
      siteId: string,
      id: string,
      revision: number,
      changes: CartChanges,
      executor: Executor,
    ): Promise<CartRow | undefined> {
      const given = definedValues(changes);
      const parameters: Record<string, unknown> = { siteId, id, revision };
      rowValues(given, 's_', parameters);
      const [row] = await statements.run(
        statements.nameFor('ecom_cart_update_if_unchanged', rowShape(given)),
        executor,
        (x, name) => updateQuery(x, name, given, true),
        parameters,
      );
      return row;
    },

    async remove(siteId: string, id: string, executor: Executor = db): Promise<boolean> {
      const rows = await executor
        .delete(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .returning({ id: c.id });
      return rows.length > 0;
    },
  };
}
export type CartsRepository = ReturnType<typeof createCartsRepository>;
