import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { ecomCheckouts, type CheckoutRow } from './ecom.tables.ts';

const c = ecomCheckouts;
export type NewCheckoutRow = typeof ecomCheckouts.$inferInsert;

/** The only file of checkouts that speaks Drizzle. */
export function createCheckoutsRepository(db: Executor) {
  return {
    async find(
      siteId: string,
      id: string,
      executor: Executor = db,
      lock = false,
    ): Promise<CheckoutRow | undefined> {
      const query = executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
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

    async insert(values: NewCheckoutRow, executor: Executor = db): Promise<CheckoutRow> {
      const [row] = await executor.insert(c).values(values).returning();
      return row!;
    },

    /**
     * Changes a checkout only while it is as its caller read it (that revision, no order yet), in one
     * statement that also takes its row lock: undefined when it changed or became an order meanwhile.
     */
    async updateIfUnchanged(
      siteId: string,
      id: string,
      revision: number,
      changes: Partial<Pick<NewCheckoutRow, 'completed' | 'orderId' | 'holdExpiresAt'>>,
      executor: Executor,
    ): Promise<CheckoutRow | undefined> {
      const [row] = await executor
        .update(c)
        .set({ ...changes, revision: sql`${c.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(c.siteId, siteId), eq(c.id, id), eq(c.revision, revision), isNull(c.orderId)))
        .returning();
      return row;
    },

    async update(
      siteId: string,
      id: string,
      changes: Partial<Pick<NewCheckoutRow, 'lineItems' | 'doc' | 'completed' | 'orderId' | 'holdExpiresAt'>>,
      executor: Executor = db,
    ): Promise<CheckoutRow> {
      const [row] = await executor
        .update(c)
        .set({ ...changes, revision: sql`${c.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .returning();
      return row!;
    },
  };
}
export type CheckoutsRepository = ReturnType<typeof createCheckoutsRepository>;
