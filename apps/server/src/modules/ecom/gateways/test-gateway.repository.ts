import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../platform/db/database.ts';
import { createStatementCache, runRowInsert } from '../../../platform/db/prepared.ts';
import { ecomTestGatewayCharges, ecomTestGatewayRefunds, type TestGatewayChargeRow } from '../ecom.tables.ts';
import type { CardBehaviour } from './test-cards.ts';

/** A charge's status in the test gateway's book. */
export type TestChargeStatus = 'PENDING' | 'APPROVED' | 'AUTHORIZED' | 'CAPTURED' | 'VOIDED' | 'DECLINED';

/** The `doc` of a test gateway charge: never the card number, only its brand and last four digits. */
export type TestChargeDoc = {
  brand?: string;
  lastFourDigits?: string;
  behaviour?: CardBehaviour;
  reference: string;
  delayCapture: boolean;
  declineCode?: string;
  declineMessage?: string;
  /** When a PENDING charge settled (absent for charges that answered at once). */
  settledAt?: string;
};

export interface TestCharge extends Omit<TestGatewayChargeRow, 'doc' | 'status'> {
  status: TestChargeStatus;
  doc: TestChargeDoc;
}

export type TestRefund = typeof ecomTestGatewayRefunds.$inferSelect;

/** Amounts are decimal strings compared by PostgreSQL as numeric, never as JavaScript numbers. */
const numeric = (amount: string) => sql`cast(${amount} as numeric)`;

// A checkout's charge is written by a statement prepared once (prepared.ts).
const statements = createStatementCache();

/** The only file of the test gateway that speaks Drizzle. */
export function createTestGatewayRepository(db: Executor) {
  const c = ecomTestGatewayCharges;
  const r = ecomTestGatewayRefunds;
  const asCharge = (row: TestGatewayChargeRow | undefined) => row as TestCharge | undefined;
  const ofCharge = (siteId: string, chargeId: string) => and(eq(c.siteId, siteId), eq(c.id, chargeId));

  return {
    /** Inserts the charge unless its (site, idempotency key) exists: the inserted charge, else nothing. */
    async insertChargeIfNew(
      charge: Pick<
        TestCharge,
        'id' | 'siteId' | 'idempotencyKey' | 'status' | 'amount' | 'currency' | 'captured' | 'doc'
      >,
      executor: Executor = db,
    ): Promise<TestCharge | undefined> {
      const [inserted] = await runRowInsert(
        statements,
        'ecom_test_charge_insert',
        executor,
        charge,
        (x, placeholders, name) =>
          x
            .insert(c)
            .values(placeholders)
            .onConflictDoNothing({ target: [c.siteId, c.idempotencyKey] })
            .returning()
            .prepare(name),
      );
      return asCharge(inserted);
    },

    async findChargeByKey(siteId: string, idempotencyKey: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(c)
        .where(and(eq(c.siteId, siteId), eq(c.idempotencyKey, idempotencyKey)));
      return asCharge(row);
    },

    async findCharge(siteId: string, chargeId: string, executor: Executor = db) {
      const [row] = await executor.select().from(c).where(ofCharge(siteId, chargeId));
      return asCharge(row);
    },

    /** AUTHORIZED → CAPTURED of `amount` (at most what was authorized); undefined when refused. */
    async capture(siteId: string, chargeId: string, amount: string, executor: Executor = db) {
      const [row] = await executor
        .update(c)
        .set({ status: 'CAPTURED', captured: amount, updatedDate: sql`now()` })
        .where(
          and(ofCharge(siteId, chargeId), eq(c.status, 'AUTHORIZED'), sql`${numeric(amount)} <= ${c.amount}`),
        )
        .returning();
      return asCharge(row);
    },

    /** AUTHORIZED with nothing captured → VOIDED; undefined when refused. */
    async void(siteId: string, chargeId: string, executor: Executor = db) {
      const [row] = await executor
        .update(c)
        .set({ status: 'VOIDED', updatedDate: sql`now()` })
        .where(and(ofCharge(siteId, chargeId), eq(c.status, 'AUTHORIZED'), sql`${c.captured} = 0`))
        .returning();
      return asCharge(row);
    },

    /** PENDING → its final status, once; undefined when the charge is not pending (already settled). */
    async settle(
      siteId: string,
      chargeId: string,
      outcome: { status: TestChargeStatus; captureAll: boolean; doc: Partial<TestChargeDoc> },
      executor: Executor = db,
    ) {
      const [row] = await executor
        .update(c)
        .set({
          status: outcome.status,
          captured: outcome.captureAll ? sql`${c.amount}` : sql`${c.captured}`,
          doc: sql`${c.doc} || ${JSON.stringify(outcome.doc)}::jsonb`,
          updatedDate: sql`now()`,
        })
        .where(and(ofCharge(siteId, chargeId), eq(c.status, 'PENDING')))
        .returning();
      return asCharge(row);
    },

    /**
     * Adds `amount` to what was refunded in one conditional statement: the UPDATE's row lock orders
     * concurrent refunds and each re-checks the condition on the row as the one before left it, so the
     * refunds of a charge never add up to more than was captured. Undefined when refused.
     */
    async addRefunded(siteId: string, chargeId: string, amount: string, executor: Executor) {
      const [row] = await executor
        .update(c)
        .set({ refunded: sql`${c.refunded} + ${numeric(amount)}`, updatedDate: sql`now()` })
        .where(and(ofCharge(siteId, chargeId), sql`${c.refunded} + ${numeric(amount)} <= ${c.captured}`))
        .returning();
      return asCharge(row);
    },

    /** Inserts the refund unless its (site, idempotency key) exists; whether it was inserted. */
    async insertRefundIfNew(
      refund: Pick<TestRefund, 'id' | 'siteId' | 'chargeId' | 'idempotencyKey' | 'amount' | 'status'>,
      executor: Executor,
    ): Promise<boolean> {
      const inserted = await executor
        .insert(r)
        .values(refund)
        .onConflictDoNothing({ target: [r.siteId, r.idempotencyKey] })
        .returning({ id: r.id });
      return inserted.length > 0;
    },

    async findRefundByKey(siteId: string, idempotencyKey: string, executor: Executor = db) {
      const [row] = await executor
        .select()
        .from(r)
        .where(and(eq(r.siteId, siteId), eq(r.idempotencyKey, idempotencyKey)));
      return row as TestRefund | undefined;
    },

    async refundsOf(siteId: string, chargeId: string, executor: Executor = db): Promise<TestRefund[]> {
      return executor
        .select()
        .from(r)
        .where(and(eq(r.siteId, siteId), eq(r.chargeId, chargeId)));
    },
  };
}

export type TestGatewayRepository = ReturnType<typeof createTestGatewayRepository>;
