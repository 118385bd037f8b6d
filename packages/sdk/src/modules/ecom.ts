import { defineModule } from '../client.ts';
import { checkoutCalls } from './ecom/checkouts.ts';
import { cartCalls, currentCartCalls } from './ecom/current-cart.ts';
import { orderCalls } from './ecom/orders.ts';
import { orderTransactionCalls, paymentCollectorCalls } from './ecom/payments.ts';
import { testGatewayCalls } from './ecom/test-gateway.ts';

export * from './ecom/checkouts.ts';
export * from './ecom/current-cart.ts';
export * from './ecom/orders.ts';
export * from './ecom/payments.ts';
export * from './ecom/test-gateway.ts';
export * from './ecom/types.ts';
export { catalogAppIds } from '@atrium/contract/ecom/catalog-app-ids';

// The checkout's createOrder (complete a checkout) and the orders client's (the business makes an order)
// share the official name; the umbrella module keeps the checkout's, which is what buyers call.
const { createOrder: _businessCreateOrder, ...orderCallsButCreate } = orderCalls;

/**
 * Commerce in one module: the current cart, checkouts, orders, payments and the test gateway. The parts
 * are also modules of their own, named as the official `@wix/ecom` clients (`ecomCurrentCart`,
 * `ecomCheckout`, `ecomOrders`, `ecomOrderTransactions`); `ecomOrders.createOrder` is the business's.
 * @example
 * const client = createClient({ baseUrl, auth: OAuthStrategy({ clientId }), modules: { ecom } });
 * await client.ecom.addToCurrentCart({ lineItems: [{ quantity: 1, catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId, options: { variantId } } }] });
 * const { checkoutId } = await client.ecom.createCheckoutFromCurrentCart();
 * const { paymentToken } = await client.ecom.createTestGatewayToken({ cardNumber: testCards.approved, expiry: '12/30', cvc: '123' });
 * const { orderId } = await client.ecom.createOrderAndCharge(checkoutId, paymentToken);
 */
export const ecom = defineModule({
  ...currentCartCalls,
  ...cartCalls,
  ...orderCallsButCreate,
  ...checkoutCalls,
  ...paymentCollectorCalls,
  ...orderTransactionCalls,
  ...testGatewayCalls,
});

export const ecomCurrentCart = defineModule(currentCartCalls);
export const ecomCart = defineModule(cartCalls);
export const ecomCheckout = defineModule(checkoutCalls);
export const ecomOrders = defineModule({ ...orderCalls, ...paymentCollectorCalls });
export const ecomOrderTransactions = defineModule(orderTransactionCalls);
export const ecomTestGateway = defineModule(testGatewayCalls);
