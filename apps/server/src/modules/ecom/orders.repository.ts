import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db/database.ts';
import { createStatementCache, runRowInsert, prepareRaw } from '../../platform/db/prepared.ts';
import { defineQueryEntity } from '../../platform/query/query-entity.ts';
import {
  ecomOrderCounters,
  ecomOrders,
  ecomPayments,
  ecomRefunds,
  type OrderRow,
  type PaymentRow,
  type RefundRow,
} from './ecom.tables.ts';

const o = ecomOrders;
const p = ecomPayments;
const r = ecomRefunds;
export type NewOrderRow = typeof ecomOrders.$inferInsert;
export type NewPaymentRow = typeof ecomPayments.$inferInsert;
export type NewRefundRow = typeof ecomRefunds.$inferInsert;

/** Orders as search filters and sorts them (`search.filter` field names of the clients). */
export const ordersQueryEntity = defineQueryEntity({
  name: 'ecom.orders',
  table: o,
  idColumn: o.id,
  maxLimit: 100,
  fields: {
    id: o.id,
    number: o.number,
    status: o.status,
    paymentStatus: o.paymentStatus,
    fulfillmentStatus: o.fulfillmentStatus,
    createdDate: o.createdDate,
    updatedDate: o.updatedDate,
    purchasedDate: o.purchasedDate,
    archived: o.archived,
    'buyerInfo.email': o.buyerEmail,
    'buyerInfo.memberId': o.memberId,
    'buyerInfo.visitorId': o.visitorId,
    'tags.tags.tagIds': o.tags,
    checkoutId: o.checkoutId,
  },
});

// The statements of placing an order and taking its first payment are prepared once (prepared.ts).
const statements = createStatementCache();

/** The only file of orders, payments and refunds that speaks Drizzle. */
export function createOrdersRepository(db: Executor) {
  return {
    /** The orders a search may see: the site's, or one member's own; narrowed by a compiled filter. */
    searchScope(siteId: string, memberId?: string, filter?: SQL) {
      return and(
        eq(o.siteId, siteId),
        memberId === undefined ? undefined : eq(o.memberId, memberId),
        filter,
      )!;
    },

    /**
     * The site's next order number: a counter row per site, taken under its row lock. Numbers an imported
     * order (or a lowered counter) already took are skipped.
     */
    async nextNumber(siteId: string, executor: Executor): Promise<number> {
      const counter = ecomOrderCounters;
      const site = sql.placeholder('siteId');
      // One statement per number: bump the counter and see whether an imported order already has it.
      for (;;) {
        const { rows } = await statements.run(
          'ecom_next_order_number',
          executor,
          (x, name) =>
            prepareRaw<{ number: string | number; taken: boolean }>(
              x,
              name,
              sql`WITH bumped AS (
                INSERT INTO ${counter} (${sql.identifier(counter.siteId.name)}, ${sql.identifier(counter.lastNumber.name)})
                VALUES (${site}, 10001)
                ON CONFLICT (${sql.identifier(counter.siteId.name)})
                DO UPDATE SET ${sql.identifier(counter.lastNumber.name)} = ${counter}.${sql.identifier(counter.lastNumber.name)} + 1
                RETURNING ${sql.identifier(counter.lastNumber.name)} AS number
              )
              SELECT bumped.number, EXISTS (
                SELECT 1 FROM ${o} WHERE ${o.siteId} = ${site} AND ${o.number} = bumped.number
              ) AS taken
              FROM bumped`,
            ),
          { siteId },
        );
        const [row] = rows;
        if (!row!.taken) return Number(row!.number);
      }
    },

    /** The number the next order would get (the counter holds the last one given), under the row lock. */
    async lockCounter(siteId: string, executor: Executor): Promise<number> {
      const [row] = await executor
        .select({ last: ecomOrderCounters.lastNumber })
        .from(ecomOrderCounters)
        .where(eq(ecomOrderCounters.siteId, siteId))
        .for('update');
      return (row?.last ?? 10000) + 1;
    },

    /** Makes `next` the number the next order gets. */
    async setCounter(siteId: string, next: number, executor: Executor) {
      await executor
        .insert(ecomOrderCounters)
        .values({ siteId, lastNumber: next - 1 })
        .onConflictDoUpdate({ target: ecomOrderCounters.siteId, set: { lastNumber: next - 1 } });
    },

    /** Order counts grouped by some columns (the aggregate `$count: [fields]`). */
    async countBy(
      where: SQL,
      fields: ReadonlyArray<'status' | 'paymentStatus' | 'fulfillmentStatus' | 'archived'>,
      executor: Executor = db,
    ): Promise<Array<{ keys: string[]; count: number }>> {
      const columns = fields.map((field) => o[field]);
      const rows = await executor
        .select({
          keys: sql<string[]>`json_build_array(${sql.join(columns, sql`, `)})`,
          count: sql<number>`count(*)::int`,
        })
        .from(o)
        .where(where)
        .groupBy(...columns);
      return rows.map((row) => ({
        keys: (typeof row.keys === 'string' ? (JSON.parse(row.keys) as unknown[]) : row.keys).map(String),
        count: Number(row.count),
      }));
    },

    /** Replaces an imported order (importing it again with its id): its row goes, the new one takes its place. */
    async deleteOne(siteId: string, id: string, executor: Executor) {
      await executor.delete(o).where(and(eq(o.siteId, siteId), eq(o.id, id)));
    },

    /** Inserts the order of a checkout; nothing when the checkout already has one (unique checkout id). */
    async insertOnce(row: NewOrderRow, executor: Executor): Promise<OrderRow | undefined> {
      const [inserted] = await runRowInsert(
        statements,
        'ecom_order_insert_once',
        executor,
        row,
        (x, placeholders, name) =>
          x.insert(o).values(placeholders).onConflictDoNothing().returning().prepare(name),
      );
      return inserted;
    },

    async find(
      siteId: string,
      id: string,
      executor: Executor = db,
      lock = false,
    ): Promise<OrderRow | undefined> {
      const query = executor
        .select()
        .from(o)
        .where(and(eq(o.siteId, siteId), eq(o.id, id)))
        .limit(1);
      const [row] = lock ? await query.for('update') : await query;
      return row;
    },

    async findMany(
      siteId: string,
      ids: string[],
      executor: Executor = db,
      lock = false,
    ): Promise<OrderRow[]> {
      if (ids.length === 0) return [];
      const query = executor
        .select()
        .from(o)
        .where(and(eq(o.siteId, siteId), inArray(o.id, ids)))
        .orderBy(o.id);
      return lock ? query.for('update') : query;
    },

    async findByCheckout(
      siteId: string,
      checkoutId: string,
      executor: Executor = db,
    ): Promise<OrderRow | undefined> {
      const [row] = await executor
        .select()
        .from(o)
        .where(and(eq(o.siteId, siteId), eq(o.checkoutId, checkoutId)))
        .limit(1);
      return row;
    },

    async update(
      siteId: string,
      id: string,
      changes: Partial<Omit<NewOrderRow, 'id' | 'siteId' | 'number' | 'createdDate'>>,
      executor: Executor = db,
    ): Promise<OrderRow> {
      const [row] = await executor
        .update(o)
        .set({ ...changes, revision: sql`${o.revision} + 1`, updatedDate: sql`now()` })
        .where(and(eq(o.siteId, siteId), eq(o.id, id)))
        .returning();
      return row!;
    },

    async payments(siteId: string, orderIds: string[], executor: Executor = db): Promise<PaymentRow[]> {
      if (orderIds.length === 0) return [];
      return executor
        .select()
        .from(p)
        .where(and(eq(p.siteId, siteId), inArray(p.orderId, orderIds)))
        .orderBy(p.createdDate, p.id);
    },

    async refunds(siteId: string, orderIds: string[], executor: Executor = db): Promise<RefundRow[]> {
      if (orderIds.length === 0) return [];
      return executor
        .select()
        .from(r)
        .where(and(eq(r.siteId, siteId), inArray(r.orderId, orderIds)))
        .orderBy(r.createdDate, r.id);
    },

    /** Records a payment once per gateway charge: a second report of the same charge changes nothing. */
    async insertPayment(row: NewPaymentRow, executor: Executor): Promise<PaymentRow | undefined> {
      const [inserted] = await runRowInsert(
        statements,
        'ecom_payment_insert_once',
        executor,
        row,
        (x, placeholders, name) =>
          x.insert(p).values(placeholders).onConflictDoNothing().returning().prepare(name),
      );
      return inserted;
    },

    async findPaymentByCharge(
      gateway: string,
      chargeId: string,
      executor: Executor,
    ): Promise<PaymentRow | undefined> {
      const [row] = await executor
        .select()
        .from(p)
        .where(and(eq(p.gateway, gateway), eq(p.gatewayChargeId, chargeId)))
        .limit(1)
        .for('update');
      return row;
    },

    async lockPayments(siteId: string, orderId: string, executor: Executor): Promise<PaymentRow[]> {
      return executor
        .select()
        .from(p)
        .where(and(eq(p.siteId, siteId), eq(p.orderId, orderId)))
        .orderBy(p.id)
        .for('update');
    },

    async updatePayment(
      id: string,
      changes: Partial<Pick<NewPaymentRow, 'status' | 'doc' | 'amount'>>,
      executor: Executor,
    ): Promise<PaymentRow> {
      const [row] = await executor
        .update(p)
        .set({ ...changes, updatedDate: sql`now()` })
        .where(eq(p.id, id))
        .returning();
      return row!;
    },

    /** Adds to what was refunded from a payment, only while it stays within the amount; false otherwise. */
    async addRefunded(id: string, amount: string, executor: Executor): Promise<boolean> {
      const rows = await executor
        .update(p)
        .set({ refunded: sql`${p.refunded} + ${amount}::numeric`, updatedDate: sql`now()` })
        .where(and(eq(p.id, id), sql`${p.refunded} + ${amount}::numeric <= ${p.amount}`))
        .returning({ id: p.id });
      return rows.length > 0;
    },

    /** Totals over the orders a filter selects: counts and sums of total, paid and refunded. */
    async aggregate(
      where: SQL,
      specs: Array<{
        name: string;
        op: 'count' | 'sum' | 'avg' | 'min' | 'max';
        column: 'total' | 'paid' | 'refunded';
      }>,
      executor: Executor = db,
    ): Promise<Record<string, string | number>> {
      const columns = { total: o.total, paid: o.paid, refunded: o.refunded };
      const selection = Object.fromEntries(
        specs.map((spec) => [
          spec.name,
          spec.op === 'count'
            ? sql<number>`count(*)::int`
            : sql<string>`coalesce(${sql.raw(spec.op)}(${columns[spec.column]}), 0)::text`,
        ]),
      );
      if (specs.length === 0) return {};
      const [row] = await executor.select(selection).from(o).where(where);
      return (row ?? {}) as Record<string, string | number>;
    },

    async deleteImported(siteId: string, ids: string[], executor: Executor = db): Promise<number> {
      if (ids.length === 0) return 0;
      const rows = await executor
        .delete(o)
        .where(and(eq(o.siteId, siteId), inArray(o.id, ids), sql`(${o.doc}->>'imported')::boolean IS TRUE`))
        .returning({ id: o.id });
      return rows.length;
    },

    async findRefund(siteId: string, orderId: string, refundId: string, executor: Executor) {
      const [row] = await executor
        .select()
        .from(r)
        .where(and(eq(r.siteId, siteId), eq(r.orderId, orderId), eq(r.id, refundId)))
        .for('update');
      return row;
    },

    async insertRefund(values: NewRefundRow, executor: Executor): Promise<RefundRow> {
      const [row] = await executor.insert(r).values(values).returning();
      return row!;
    },

    async updateRefund(
      id: string,
      changes: Partial<Pick<NewRefundRow, 'status' | 'doc'>>,
      executor: Executor,
    ) {
      const [row] = await executor
        .update(r)
        .set({ ...changes, updatedDate: sql`now()` })
        .where(eq(r.id, id))
        .returning();
      return row!;
    },
  };
}
export type OrdersRepository = ReturnType<typeof createOrdersRepository>;
