import * as checkout from '@wix/auto_sdk_ecom_checkout';
import * as orderTransactions from '@wix/auto_sdk_ecom_order-transactions';
import * as orders from '@wix/auto_sdk_ecom_orders';
import * as products from '@wix/auto_sdk_stores_products';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogAppIds } from '@atrium/contract/ecom/common';
import { inject, owner } from '../../../apps/server/test/test-app.ts';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The payments collector calls of the official orders client and the official orderTransactions client
// (`@wix/ecom`), unchanged, against Atrium: the business collects, marks paid, refunds, captures and voids;
// a visitor never sets a payment's status.

type Amount = { amount: string; formattedAmount?: string };
type Transactions = {
  orderId: string;
  payments: Array<{
    _id: string;
    amount: Amount;
    regularPaymentDetails?: { status?: string; offlinePayment?: boolean; paymentMethod?: string };
  }>;
  refunds: Array<{
    _id: string;
    transactions: Array<{
      paymentId: string;
      amount: Amount;
      refundStatus?: string;
      gatewayRefundId?: string;
    }>;
    summary?: { requestedRefund?: Amount; refunded?: Amount; pending?: Amount };
  }>;
};
/** The payments collector calls, which this client version exports without type declarations. */
interface PaymentsCollector {
  preparePaymentCollection(id: string, amount: Amount): Promise<{ paymentGatewayOrderId: string }>;
  getPaymentCollectabilityStatus(id: string): Promise<{ status: string; amount: Amount }>;
  recordManuallyCollectedPayment(
    id: string,
    amount: Amount,
    options?: { userDefinedPaymentMethodName?: { name: string } },
  ): Promise<Record<string, never>>;
  paymentCollectionMarkOrderAsPaid(id: string): Promise<{ order: { _id: string; paymentStatus: string } }>;
  paymentCollectionBulkMarkOrdersAsPaid(ids: string[]): Promise<{
    results: Array<{ itemMetadata: { _id?: string; success: boolean; error?: { code: string } } }>;
    bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
  }>;
  getRefundabilityStatus(id: string): Promise<{
    refundabilities: Array<{ paymentId: string; refundabilityStatus: string; nonRefundableReason?: string }>;
  }>;
  paymentCollectionCreatePaymentGatewayOrder(id: string): Promise<{ paymentGatewayOrderId: string }>;
  chargeMemberships(id: string, memberId: string, options?: { membershipCharges?: unknown[] }): Promise<void>;
  triggerRefund(
    id: string,
    payments: Array<{ paymentId: string; amount?: Amount }>,
    options?: { details?: { reason?: string }; sideEffects?: { sendOrderRefundedEmail?: boolean } },
  ): Promise<{ orderTransactions: Transactions; refundId: string; failedPaymentIds: unknown[] }>;
  voidAuthorizedPayments(id: string, paymentIds: string[]): Promise<{ orderTransactions: Transactions }>;
  captureAuthorizedPayments(
    id: string,
    payments: Array<{ paymentId: string; amount?: Amount }>,
  ): Promise<{ orderTransactions: Transactions }>;
}
/** The order transactions calls without type declarations in this client version. */
interface TransactionUpdates {
  updatePayments(): Promise<unknown>;
  updateRefundTransaction(
    orderId: string,
    refundId: string,
    options: { transaction: { paymentId: string; refundStatus?: string; gatewayRefundId?: string } },
  ): Promise<{ orderTransactions?: Transactions }>;
}

let atrium: AtriumBehindOfficialHost;
let business: ReturnType<typeof businessClients>;
let collector: PaymentsCollector;
let updates: TransactionUpdates;

function businessClients(apiKey: string, siteId: string) {
  return createClient({
    modules: { orders, orderTransactions, products, checkout },
    auth: ApiKeyStrategy({ apiKey, siteId }),
  });
}

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = businessClients(atrium.apiKey, atrium.siteId);
  collector = business.orders as unknown as PaymentsCollector;
  updates = business.orderTransactions as unknown as TransactionUpdates;
});
afterAll(async () => {
  await atrium?.close();
});

async function codeOf(call: Promise<unknown>): Promise<string | undefined> {
  const error = (await call.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as { details?: { applicationError?: { code?: string } } } | undefined;
  expect(error, 'the call should have failed').toBeDefined();
  return error?.details?.applicationError?.code;
}

async function paymentToken() {
  const answer = await inject(atrium.testApp.app, {
    method: 'POST',
    url: '/ecom/v1/test-gateway/tokens',
    headers: owner,
    payload: { cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
  });
  return answer.body.paymentToken as string;
}

let made = 0;
/** An order of one product at `price`, bought by a visitor: paid by card, authorized only, or unpaid. */
async function orderOf(price: number, pay: 'card' | 'authorize' | 'later') {
  const { product } = await business.products.createProduct({
    name: `Payments item ${++made}`,
    productType: 'physical',
    priceData: { price },
  });
  const visitor = createClient({ modules: { checkout }, auth: OAuthStrategy({ clientId: atrium.clientId }) });
  const created = await visitor.checkout.createCheckout({
    channelType: 'WEB',
    lineItems: [
      { quantity: 1, catalogReference: { appId: catalogAppIds.stores, catalogItemId: product!._id! } },
    ],
    checkoutInfo: { buyerInfo: { email: 'payer@example.com' } },
  });
  const { orderId } =
    pay === 'later'
      ? await visitor.checkout.createOrder(created._id!)
      : await visitor.checkout.createOrderAndCharge(created._id!, {
          paymentToken: await paymentToken(),
          delayCapture: pay === 'authorize',
        });
  return { orderId: orderId!, visitor };
}
const transactionsOf = async (orderId: string) =>
  (await business.orderTransactions.listTransactionsForSingleOrder(orderId))
    .orderTransactions as unknown as Transactions;

describe('@wix/ecom orders: the payments collector against Atrium', () => {
  it('collects an unpaid order: collectability, gateway order, a manual payment, mark as paid', async () => {
    const { orderId } = await orderOf(30, 'later');
    expect(await collector.getPaymentCollectabilityStatus(orderId)).toMatchObject({
      status: 'COLLECTABLE',
      amount: { amount: '30.00' },
    });
    const prepared = await collector.preparePaymentCollection(orderId, { amount: '30.00' });
    expect(prepared.paymentGatewayOrderId).toBeTruthy();
    const gatewayOrder = await collector.paymentCollectionCreatePaymentGatewayOrder(orderId);
    expect(gatewayOrder.paymentGatewayOrderId).toBe(prepared.paymentGatewayOrderId);

    expect(await collector.recordManuallyCollectedPayment(orderId, { amount: '10.00' })).toEqual({});
    expect(await codeOf(collector.recordManuallyCollectedPayment(orderId, { amount: '25.00' }))).toBe(
      'INVALID_AMOUNT',
    );
    expect((await collector.getPaymentCollectabilityStatus(orderId)).amount.amount).toBe('20.00');
    const { order } = await collector.paymentCollectionMarkOrderAsPaid(orderId);
    expect(order.paymentStatus).toBe('PAID');
    expect(await codeOf(collector.paymentCollectionMarkOrderAsPaid(orderId))).toBe('ORDER_ALREADY_PAID');
    expect((await collector.getPaymentCollectabilityStatus(orderId)).status).toBe(
      'NONCOLLECTABLE_ORDER_IS_PAID',
    );
    const payments = (await transactionsOf(orderId)).payments;
    expect(payments.map((payment) => payment.amount.amount).sort()).toEqual(['10.00', '20.00']);
    expect(payments.every((payment) => payment.regularPaymentDetails?.offlinePayment)).toBe(true);

    expect(
      await codeOf(collector.getPaymentCollectabilityStatus('00000000-0000-4000-8000-000000000009')),
    ).toBe('ORDER_NOT_FOUND');
  });

  it('marks several orders paid at once, reporting the one already paid', async () => {
    const first = await orderOf(12, 'later');
    const second = await orderOf(14, 'later');
    const paid = await orderOf(16, 'card');
    const bulk = await collector.paymentCollectionBulkMarkOrdersAsPaid([
      first.orderId,
      second.orderId,
      paid.orderId,
    ]);
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    expect(bulk.results[2]!.itemMetadata).toMatchObject({
      success: false,
      error: { code: 'ORDER_ALREADY_PAID' },
    });
    expect((await business.orders.getOrder(second.orderId)).paymentStatus).toBe('PAID');
  });

  it('refunds a card payment in part and then in full, and refuses too much or an unpaid payment', async () => {
    const { orderId } = await orderOf(50, 'card');
    const [payment] = (await transactionsOf(orderId)).payments;
    expect((await collector.getRefundabilityStatus(orderId)).refundabilities).toEqual([
      expect.objectContaining({ paymentId: payment!._id, refundabilityStatus: 'REFUNDABLE' }),
    ]);
    expect(
      await codeOf(
        collector.triggerRefund(orderId, [{ paymentId: payment!._id, amount: { amount: '60.00' } }]),
      ),
    ).toBe('INVALID_AMOUNT');
    const partial = await collector.triggerRefund(
      orderId,
      [{ paymentId: payment!._id, amount: { amount: '20.00' } }],
      { details: { reason: 'Scratched' }, sideEffects: { sendOrderRefundedEmail: false } },
    );
    expect(partial.refundId).toBeTruthy();
    expect(partial.failedPaymentIds).toEqual([]);
    expect(partial.orderTransactions.refunds).toHaveLength(1);
    expect((await business.orders.getOrder(orderId)).paymentStatus).toBe('PARTIALLY_REFUNDED');

    const rest = await collector.triggerRefund(orderId, [{ paymentId: payment!._id }]);
    expect(rest.orderTransactions.refunds[1]!.transactions[0]!.amount.amount).toBe('30.00');
    expect((await business.orders.getOrder(orderId)).paymentStatus).toBe('FULLY_REFUNDED');
    expect((await collector.getRefundabilityStatus(orderId)).refundabilities[0]).toMatchObject({
      refundabilityStatus: 'NOT_REFUNDABLE',
      nonRefundableReason: 'ALREADY_REFUNDED',
    });
    expect(await codeOf(collector.triggerRefund(orderId, [{ paymentId: payment!._id }]))).toBe(
      'INVALID_AMOUNT',
    );
    expect(
      await codeOf(collector.triggerRefund(orderId, [{ paymentId: '00000000-0000-4000-8000-000000000001' }])),
    ).toBe('PAYMENTS_NOT_FOUND');

    const unpaid = await orderOf(8, 'later');
    await business.orderTransactions.addPayments(unpaid.orderId, [
      { amount: { amount: '8.00' }, regularPaymentDetails: { status: 'PENDING', paymentMethod: 'Cheque' } },
    ]);
    const [pending] = (await transactionsOf(unpaid.orderId)).payments;
    expect(await codeOf(collector.triggerRefund(unpaid.orderId, [{ paymentId: pending!._id }]))).toBe(
      'REFUND_NOT_AVAILABLE',
    );
  });

  it('captures one authorized card payment and voids another (delayed capture)', async () => {
    const captured = await orderOf(40, 'authorize');
    const [authorized] = (await transactionsOf(captured.orderId)).payments;
    expect(authorized!.regularPaymentDetails!.status).toBe('AUTHORIZED');
    expect((await business.orders.getOrder(captured.orderId)).paymentStatus).not.toBe('PAID');
    const capture = await collector.captureAuthorizedPayments(captured.orderId, [
      { paymentId: authorized!._id, amount: { amount: '40.00' } },
    ]);
    expect(capture.orderTransactions.payments[0]!.regularPaymentDetails!.status).toBe('APPROVED');
    expect((await business.orders.getOrder(captured.orderId)).paymentStatus).toBe('PAID');

    const voided = await orderOf(45, 'authorize');
    const [held] = (await transactionsOf(voided.orderId)).payments;
    const voidAnswer = await collector.voidAuthorizedPayments(voided.orderId, [held!._id]);
    expect(voidAnswer.orderTransactions.payments[0]!.regularPaymentDetails!.status).toBe('VOIDED');
    expect(await codeOf(collector.voidAuthorizedPayments(voided.orderId, [held!._id]))).toBe(
      'PAYMENT_NOT_AUTHORIZED',
    );
    expect(
      await codeOf(collector.captureAuthorizedPayments(voided.orderId, [{ paymentId: held!._id }])),
    ).toBe('PAYMENT_NOT_AUTHORIZED');
  });

  it('answers charge memberships with "not available" until memberships exist', async () => {
    const { orderId } = await orderOf(20, 'later');
    expect(await codeOf(collector.chargeMemberships(orderId, 'member-1', { membershipCharges: [] }))).toBe(
      'MEMBERSHIP_CHARGE_NOT_AVAILABLE',
    );
  });
});

describe('@wix/ecom orderTransactions against Atrium (7 calls)', () => {
  it('lists, adds payments and changes their status, one order or several', async () => {
    const { orderId } = await orderOf(60, 'later');
    const other = await orderOf(25, 'later');
    const added = await business.orderTransactions.addPayments(orderId, [
      { amount: { amount: '20.00' }, regularPaymentDetails: { status: 'PENDING', paymentMethod: 'Cheque' } },
      {
        amount: { amount: '40.00' },
        regularPaymentDetails: { status: 'PENDING', paymentMethod: 'Transfer' },
      },
    ]);
    expect(added.paymentsIds).toHaveLength(2);
    const [cheque, transfer] = added.paymentsIds as [string, string];

    const approved = await business.orderTransactions.updatePaymentStatus(
      { orderId, paymentId: cheque },
      { status: 'APPROVED' },
    );
    const chequeAfter = approved.orderTransactions!.payments!.find((payment) => payment._id === cheque)!;
    expect(chequeAfter.regularPaymentDetails!.status).toBe('APPROVED');
    expect(
      await codeOf(
        business.orderTransactions.updatePaymentStatus({ orderId, paymentId: cheque }, { status: 'PENDING' }),
      ),
    ).toBe('STATUS_NOT_ALLOWED');

    const otherPayment = (
      await business.orderTransactions.addPayments(other.orderId, [
        { amount: { amount: '25.00' }, regularPaymentDetails: { status: 'PENDING' } },
      ])
    ).paymentsIds![0]!;
    const bulk = await business.orderTransactions.bulkUpdatePaymentStatuses(
      [
        { orderId, paymentId: transfer },
        { orderId: other.orderId, paymentId: otherPayment },
        { orderId, paymentId: cheque },
      ],
      { status: 'APPROVED', returnFullEntity: true },
    );
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });
    expect(bulk.results![0]!.item!.regularPaymentDetails!.status).toBe('APPROVED');
    expect(bulk.results![2]!.itemMetadata).toMatchObject({
      success: false,
      error: { code: 'STATUS_NOT_ALLOWED' },
    });
    expect((await business.orders.getOrder(orderId)).paymentStatus).toBe('PAID');
    expect((await business.orders.getOrder(other.orderId)).paymentStatus).toBe('PAID');

    const both = await business.orderTransactions.listTransactionsForMultipleOrders([orderId, other.orderId]);
    expect(both.orderTransactions!.map((entry) => entry.orderId)).toEqual([orderId, other.orderId]);
    expect(both.orderTransactions![0]!.payments).toHaveLength(2);

    // The client's updatePayments names no order: its path says `undefined`.
    expect(await codeOf(updates.updatePayments())).toBe('ORDER_TRANSACTIONS_NOT_FOUND');
  });

  it('records what the processor reported of a refund: its gateway id, and a refund that failed after all', async () => {
    const { orderId } = await orderOf(36, 'card');
    const [payment] = (await transactionsOf(orderId)).payments;
    const { refundId } = await collector.triggerRefund(orderId, [
      { paymentId: payment!._id, amount: { amount: '36.00' } },
    ]);
    expect((await business.orders.getOrder(orderId)).paymentStatus).toBe('FULLY_REFUNDED');

    const noted = await updates.updateRefundTransaction(orderId, refundId, {
      transaction: { paymentId: payment!._id, refundStatus: 'SUCCEEDED', gatewayRefundId: 're_42' },
    });
    expect(noted.orderTransactions!.refunds[0]!.transactions[0]).toMatchObject({
      refundStatus: 'SUCCEEDED',
      gatewayRefundId: 're_42',
    });
    expect(noted.orderTransactions!.refunds[0]!.summary).toMatchObject({ refunded: { amount: '36.00' } });
    const failed = await updates.updateRefundTransaction(orderId, refundId, {
      transaction: { paymentId: payment!._id, refundStatus: 'FAILED' },
    });
    expect(failed.orderTransactions!.refunds[0]!.transactions[0]!.refundStatus).toBe('FAILED');
    // Money that never reached the buyer is neither refunded nor on its way.
    expect(failed.orderTransactions!.refunds[0]!.summary?.refunded).toBeUndefined();
    expect(failed.orderTransactions!.refunds[0]!.summary?.pending).toBeUndefined();
    expect((await business.orders.getOrder(orderId)).paymentStatus).toBe('PAID');
    expect((await collector.getRefundabilityStatus(orderId)).refundabilities[0]!.refundabilityStatus).toBe(
      'REFUNDABLE',
    );
    expect(
      await codeOf(
        updates.updateRefundTransaction(orderId, refundId, {
          transaction: { paymentId: payment!._id, refundStatus: 'SUCCEEDED' },
        }),
      ),
    ).toBe('STATUS_NOT_ALLOWED');
    expect(
      await codeOf(
        updates.updateRefundTransaction(orderId, '00000000-0000-4000-8000-000000000002', {
          transaction: { paymentId: payment!._id, refundStatus: 'FAILED' },
        }),
      ),
    ).toBe('REFUND_NOT_FOUND');
    expect(
      await codeOf(
        updates.updateRefundTransaction(orderId, refundId, {
          transaction: { paymentId: '00000000-0000-4000-8000-000000000003', refundStatus: 'FAILED' },
        }),
      ),
    ).toBe('REFUND_TRANSACTION_NOT_FOUND');
  });

  it('never lets a visitor read or set payments', async () => {
    const { orderId } = await orderOf(10, 'later');
    const visitor = createClient({
      modules: { orderTransactions, orders },
      auth: OAuthStrategy({ clientId: atrium.clientId }),
    });
    // Thunks, not promises: each call starts only when awaited, so no refusal waits unhandled.
    const forbidden = [
      () => visitor.orderTransactions.listTransactionsForSingleOrder(orderId),
      () => visitor.orderTransactions.addPayments(orderId, [{ amount: { amount: '10.00' } }]),
      () =>
        visitor.orderTransactions.bulkUpdatePaymentStatuses([{ orderId, paymentId: orderId }], {
          status: 'APPROVED',
        }),
      () => (visitor.orders as unknown as PaymentsCollector).paymentCollectionMarkOrderAsPaid(orderId),
    ];
    for (const call of forbidden) {
      const error = (await call().then(
        () => undefined,
        (caught: unknown) => caught,
      )) as { details?: { applicationError?: { code?: string } }; message?: string } | undefined;
      expect(error).toBeDefined();
    }
    expect((await business.orders.getOrder(orderId)).paymentStatus).toBe('NOT_PAID');
  });
});
