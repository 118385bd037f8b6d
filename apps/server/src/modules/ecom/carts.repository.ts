import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { ecomCarts, type CartRow } from './ecom.tables.ts';

const c = ecomCarts;
export type NewCartRow = typeof ecomCarts.$inferInsert;

export interface Buyer {
  visitorId?: string;
  memberId?: string;
}

function currentOf(siteId: string, buyer: Buyer) {
  return buyer.memberId
    ? and(eq(c.siteId, siteId), eq(c.current, true), eq(c.memberId, buyer.memberId))
    : and(
        eq(c.siteId, siteId),
        eq(c.current, true),
        isNull(c.memberId),
        eq(c.visitorId, buyer.visitorId ?? ''),
      );
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
      const query = executor.select().from(c).where(currentOf(siteId, buyer)).limit(1);
      const [row] = lock ? await query.for('update') : await query;
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
      const [inserted] = await executor
        .insert(c)
        .values({
          ...values,
          siteId,
          visitorId: buyer.memberId ? null : (buyer.visitorId ?? null),
          memberId: buyer.memberId ?? null,
          current: true,
        })
        .onConflictDoNothing()
        .returning();
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
      changes: Partial<
        Pick<NewCartRow, 'lineItems' | 'doc' | 'checkoutId' | 'current' | 'memberId' | 'visitorId'>
      >,
      executor: Executor = db,
    ): Promise<CartRow> {
      const [row] = await executor
        .update(c)
        .set({ ...changes, revision: sql`${c.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(c.siteId, siteId), eq(c.id, id)))
        .returning();
      return row!;
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
