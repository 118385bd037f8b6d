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
import { ecomCarts, ecomCheckouts, type CheckoutRow } from './ecom.tables.ts';

const c = ecomCheckouts;
export type NewCheckoutRow = typeof ecomCheckouts.$inferInsert;
type CheckoutChanges = Partial<
  Pick<NewCheckoutRow, 'lineItems' | 'doc' | 'completed' | 'orderId' | 'holdExpiresAt'>
>;

// The reads and writes of a checkout on its way to an order are prepared once (prepared.ts).
const statements = createStatementCache();
const placeholder = (name: string) => sql.placeholder(name);

function byIdQuery(executor: Executor, name: string, lock: boolean) {
  const query = executor
    .select()
    .from(c)
    .where(and(eq(c.siteId, placeholder('siteId')), eq(c.id, placeholder('id'))))
    .limit(1);
  return (lock ? query.for('update') : query).prepare(name);
}

/** The only file of checkouts that speaks Drizzle. */
export function createCheckoutsRepository(db: Executor) {
  return {
    async find(
      siteId: string,
      id: string,
      executor: Executor = db,
      lock = false,
    ): Promise<CheckoutRow | undefined> {
      const [row] = await statements.run(
        lock ? 'ecom_checkout_by_id_locked' : 'ecom_checkout_by_id',
        executor,
        (x, name) => byIdQuery(x, name, lock),
        { siteId, id },
      );
      return row;
    },

    async findByCart(
      siteId: string,
      cartId: string,
      executor: Executor = db,
    ): Promise<CheckoutRow | undefined> {
      const [row] = await executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.cartId, cartId)))
        .orderBy(sql`${c.createdDate} DESC`)
        .limit(1);
      return row;
    },

    async insert(row: NewCheckoutRow, executor: Executor = db): Promise<CheckoutRow> {
      const [inserted] = await runRowInsert(
        statements,
        'ecom_checkout_insert',
        executor,
        row,
        (x, placeholders, name) => x.insert(c).values(placeholders).returning().prepare(name),
      );
      return inserted!;
    },

    /**
     * Changes a checkout only while it is as its caller read it (that revision, no order yet), in one
     * statement that also takes its row lock: undefined when it changed or became an order meanwhile.
     * `retireCart`: the same statement also makes the checkout's cart no longer its buyer's current one
     * (the completion of a checkout made from a cart).
     */
    async updateIfUnchanged(
      siteId: string,
      id: string,
      revision: number,
      changes: Partial<Pick<NewCheckoutRow, 'completed' | 'orderId' | 'holdExpiresAt'>>,
      executor: Executor,
      options: { retireCart?: boolean } = {},
    ): Promise<CheckoutRow | undefined> {
      const given = definedValues(changes);
      const retireCart = options.retireCart === true;
      const parameters: Record<string, unknown> = { siteId, id, revision };
      rowValues(given, 's_', parameters);
      const [row] = await statements.run(
        statements.nameFor('ecom_checkout_update_if_unchanged', `${rowShape(given)}|${retireCart}`),
        executor,
        (x, name) => {
          const unchanged = and(
            eq(c.siteId, placeholder('siteId')),
            eq(c.id, placeholder('id')),
            eq(c.revision, placeholder('revision')),
            isNull(c.orderId),
          );
          const set = {
            ...rowPlaceholders(given, 's_'),
            revision: sql`${c.revision} + 1`,
            updatedDate: sql`now()`,
          };
          if (!retireCart) return x.update(c).set(set).where(unchanged).returning().prepare(name);
          // The cart is retired only when the checkout was the one changed (read from its RETURNING: a
          // completer that finds the checkout changed retires nothing).
          const completed = x.$with('completed').as(x.update(c).set(set).where(unchanged).returning());
          const cart = ecomCarts;
          const retired = x.$with('retired_cart').as(
            x
              .update(cart)
              .set({ current: false, revision: sql`${cart.revision} + 1`, updatedDate: sql`now()` })
              .where(
                and(
                  eq(cart.siteId, placeholder('siteId')),
                  sql`${cart.id} = (select ${completed.cartId} from ${completed})`,
                ),
              )
              .returning({ id: cart.id }),
          );
          return x.with(completed, retired).select().from(completed).prepare(name);
        },
        parameters,
      );
      return row;
    },

    async update(
      siteId: string,
      id: string,
      changes: CheckoutChanges,
      executor: Executor = db,
    ): Promise<CheckoutRow> {
      const given = definedValues(changes);
      const parameters: Record<string, unknown> = { siteId, id };
      rowValues(given, 's_', parameters);
      const [row] = await statements.run(
        statements.nameFor('ecom_checkout_update', rowShape(given)),
        executor,
        (x, name) =>
          x
            .update(c)
            .set({
              ...rowPlaceholders(given, 's_'),
              revision: sql`${c.revision} + 1`,
              updatedDate: sql`now()`,
            })
            .where(and(eq(c.siteId, placeholder('siteId')), eq(c.id, placeholder('id'))))
            .returning()
            .prepare(name),
        parameters,
      );
      return row!;
    },
  };
}
export type CheckoutsRepository = ReturnType<typeof createCheckoutsRepository>;
