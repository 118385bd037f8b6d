import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';
import { createClient } from '../src/client.ts';
import { catalogAppIds, ecom, testCards } from '../src/modules/ecom.ts';
import { storesProducts } from '../src/modules/stores.ts';
import { failure, unknownId } from './bookings-catalog-setup.ts';

// The SDK's payments collector and order transactions calls against the real server over HTTP: the
// business collects, refunds, captures and voids; a visitor is refused (403); unknown orders are 404s.

let testApp: TestApp;
let baseUrl: string;
function clientAs(caller: string | undefined) {
  return createClient({
    baseUrl,
    headers: caller ? { 'x-atrium-dev-caller': caller } : {},
    modules: { ecom, products: storesProducts },
  });
}
let owner: ReturnType<typeof clientAs>;

beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  owner = clientAs('WIX_USER:OWNER');
});
afterAll(() => testApp?.close());

let count = 0;
async function orderOf(price: number, pay: 'card' | 'authorize' | 'later') {
  const item = await owner.products.createProduct({ name: `SDK pay ${++count}`, priceData: { price } });
  const buyer = clientAs(`ANONYMOUS_VISITOR:${randomUUID()}`);
  const made = await buyer.ecom.createCheckout({
    channelType: 'WEB',
    lineItems: [{ quantity: 1, catalogReference: { appId: catalogAppIds.stores, catalogItemId: item.id } }],
  });
  if (pay === 'later') return { orderId: (await buyer.ecom.createOrder(made.id)).orderId, buyer };
  const { paymentToken } = await buyer.ecom.createTestGatewayToken({
    cardNumber: testCards.approved,
    expiry: '12/40',
  });
  const { orderId } = await buyer.ecom.createOrderAndCharge(made.id, paymentToken, {
    delayCapture: pay === 'authorize',
  });
  return { orderId, buyer };
}

describe('the payments collector', () => {
  it('collects by hand, marks paid, and refunds a card payment in part and in full', async () => {
    const { orderId, buyer } = await orderOf(30, 'later');
    expect(await owner.ecom.getPaymentCollectabilityStatus(orderId)).toMatchObject({
      status: 'COLLECTABLE',
      amount: { amount: '30.00' },
    });
    await owner.ecom.recordManuallyCollectedPayment(orderId, '10.00');
    expect(await failure(owner.ecom.recordManuallyCollectedPayment(orderId, '99.00'))).toMatchObject({
      status: 400,
      code: 'INVALID_AMOUNT',
    });
    expect(await failure(buyer.ecom.paymentCollectionMarkOrderAsPaid(orderId))).toMatchObject({
      status: 403,
    });
    expect((await owner.ecom.paymentCollectionMarkOrderAsPaid(orderId)).paymentStatus).toBe('PAID');
    expect(await failure(owner.ecom.paymentCollectionMarkOrderAsPaid(orderId))).toMatchObject({
      status: 409,
      code: 'ORDER_ALREADY_PAID',
    });
    expect(await failure(owner.ecom.paymentCollectionMarkOrderAsPaid(unknownId))).toMatchObject({
      status: 404,
    });

    const card = await orderOf(50, 'card');
    const [payment] = (await owner.ecom.listTransactionsForSingleOrder(card.orderId)).payments;
    expect((await owner.ecom.getRefundabilityStatus(card.orderId)).refundabilities[0]).toMatchObject({
      refundabilityStatus: 'REFUNDABLE',
    });
    const partial = await owner.ecom.triggerRefund(card.orderId, [
      { paymentId: payment!.id, amount: { amount: '20.00' } },
    ]);
    expect(partial.orderTransactions.refunds).toHaveLength(1);
    await owner.ecom.triggerRefund(card.orderId, [{ paymentId: payment!.id }]);
    expect((await owner.ecom.getOrder(card.orderId)).paymentStatus).toBe('FULLY_REFUNDED');
    expect(await failure(owner.ecom.triggerRefund(card.orderId, [{ paymentId: payment!.id }]))).toMatchObject(
      {
        code: 'INVALID_AMOUNT',
      },
    );
    expect(await failure(clientAs(undefined).ecom.getRefundabilityStatus(card.orderId))).toMatchObject({
      status: 401,
    });
  });

  it('captures and voids authorized card payments', async () => {
    const captured = await orderOf(40, 'authorize');
    const [held] = (await owner.ecom.listTransactionsForSingleOrder(captured.orderId)).payments;
    expect(held!.regularPaymentDetails!.status).toBe('AUTHORIZED');
    const after = await owner.ecom.captureAuthorizedPayments(captured.orderId, [{ paymentId: held!.id }]);
    expect(after.payments[0]!.regularPaymentDetails!.status).toBe('APPROVED');
    const voided = await orderOf(45, 'authorize');
    const [other] = (await owner.ecom.listTransactionsForSingleOrder(voided.orderId)).payments;
    const gone = await owner.ecom.voidAuthorizedPayments(voided.orderId, [other!.id]);
    expect(gone.payments[0]!.regularPaymentDetails!.status).toBe('VOIDED');
    expect(await failure(owner.ecom.voidAuthorizedPayments(voided.orderId, [other!.id]))).toMatchObject({
      status: 409,
      code: 'PAYMENT_NOT_AUTHORIZED',
    });
  });
});

describe('order transactions', () => {
  it('adds payments, changes their status one by one and in bulk, and updates a refund', async () => {
    const { orderId, buyer } = await orderOf(60, 'later');
    const { paymentsIds } = await owner.ecom.addPayments(orderId, [
      { amount: { amount: '20.00' }, regularPaymentDetails: { status: 'PENDING', paymentMethod: 'Cheque' } },
      { amount: { amount: '40.00' }, regularPaymentDetails: { status: 'PENDING' } },
    ]);
    const [cheque, transfer] = paymentsIds as [string, string];
    const one = await owner.ecom.updatePaymentStatus(orderId, cheque, 'APPROVED');
    expect(one.payments.find((payment) => payment.id === cheque)!.regularPaymentDetails!.status).toBe(
      'APPROVED',
    );
    const bulk = await owner.ecom.bulkUpdatePaymentStatuses(
      [
        { orderId, paymentId: transfer },
        { orderId: unknownId, paymentId: transfer },
      ],
      'APPROVED',
      { returnFullEntity: true },
    );
    expect(bulk.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
    expect(bulk.results[0]!.item!.id).toBe(transfer);
    expect(bulk.results[1]!.itemMetadata.error!.code).toBe('ORDER_NOT_FOUND');
    expect((await owner.ecom.getOrder(orderId)).paymentStatus).toBe('PAID');
    const [listed] = await owner.ecom.listTransactionsForMultipleOrders([orderId]);
    expect(listed!.payments).toHaveLength(2);
    expect(await failure(buyer.ecom.addPayments(orderId, [{ amount: { amount: '1.00' } }]))).toMatchObject({
      status: 403,
    });
    expect(await failure(buyer.ecom.bulkUpdatePaymentStatuses([], 'APPROVED'))).toMatchObject({
      status: 403,
    });
    expect(await failure(owner.ecom.bulkUpdatePaymentStatuses([], 'APPROVED'))).toMatchObject({
      status: 400,
    });

    const { refundId } = await owner.ecom.triggerRefund(orderId, [{ paymentId: cheque }]);
    const noted = await owner.ecom.updateRefundTransaction(orderId, refundId, {
      paymentId: cheque,
      refundStatus: 'FAILED',
    });
    expect(noted.refunds[0]!.transactions[0]!.refundStatus).toBe('FAILED');
    expect((await owner.ecom.getOrder(orderId)).paymentStatus).toBe('PAID');
    expect(
      await failure(owner.ecom.updateRefundTransaction(orderId, unknownId, { paymentId: cheque })),
    ).toMatchObject({ status: 404, code: 'REFUND_NOT_FOUND' });
    expect(
      await failure(owner.ecom.updateRefundTransaction(unknownId, refundId, { paymentId: cheque })),
    ).toMatchObject({ status: 404, code: 'ORDER_TRANSACTIONS_NOT_FOUND' });
  });
});
