import type {
  CheckoutInfoInput,
  CreateCheckoutRequest,
  UpdateCheckoutRequest,
  checkoutUpdateQuantitiesRequestSchema,
  createOrderAndChargeResponseSchema,
  createOrderRequestSchema,
  createOrderResponseSchema,
} from '@atrium/contract/ecom/checkouts';
import type { LineItemInput } from '@atrium/contract/ecom/common';
import type { z } from 'zod';
import type { ModuleDefinition } from '../../client.ts';
import { segment, send } from '../bookings/shared.ts';
import type { Checkout } from './types.ts';

export type { CheckoutInfoInput };
export type NewCheckout = CreateCheckoutRequest;
/** What a checkout change may also carry beside `checkout` (coupon, gift card, lines). */
export type UpdateCheckoutOptions = Omit<UpdateCheckoutRequest, 'checkout'>;
export type CreateOrderOptions = z.input<typeof createOrderRequestSchema>;
export type CreateOrderResult = z.infer<typeof createOrderResponseSchema>;
export type CreateOrderAndChargeResult = z.infer<typeof createOrderAndChargeResponseSchema>;
export type CheckoutQuantityUpdate = z.input<
  typeof checkoutUpdateQuantitiesRequestSchema
>['lineItems'][number];

const base = '/ecom/v1/checkouts';
type CheckoutAnswer = { checkout: Checkout };
const path = (checkoutId: string, rest = '') => `${base}/${segment(checkoutId)}${rest}`;
const checkoutOf = (answer: unknown) => (answer as CheckoutAnswer).checkout;

/**
 * Checkouts (`@wix/ecom` checkout): the lines priced with their availability, the buyer's details and
 * addresses, the price summary, and completion into an order. Expected refusals have codes:
 * `FULL_OUT_OF_STOCK` / `PARTIAL_OUT_OF_STOCK` (409), `PAYMENT_ERROR` (402, the card was declined),
 * `EMPTY_CHECKOUT`, `CHECKOUT_IS_COMPLETE`.
 */
export const checkoutCalls = {
  /** `POST /ecom/v1/checkouts`: a checkout of catalog lines, without a cart. */
  createCheckout: (context) => async (options: NewCheckout) =>
    checkoutOf(await send(context, 'POST', base, options)),
  /**
   * `GET /ecom/v1/checkouts/{id}`: lines with price and availability, `priceSummary`, `violations`, and
   * `completed` with the `orderId` once it became an order.
   * @example const { priceSummary } = await client.ecom.getCheckout(checkoutId)
   */
  getCheckout: (context) => async (checkoutId: string) =>
    checkoutOf(await send(context, 'GET', path(checkoutId))),
  /**
   * `PATCH /ecom/v1/checkouts/{id}`: the buyer's email, billing and shipping details, note.
   * @example
   * await client.ecom.updateCheckout(checkoutId, {
   *   buyerInfo: { email: 'ada@example.com' },
   *   billingInfo: { address: { country: 'GB', city: 'London', addressLine: '1 Main St' }, contactDetails: { firstName: 'Ada' } },
   * })
   */
  updateCheckout:
    (context) =>
    async (checkoutId: string, checkout: CheckoutInfoInput, options: UpdateCheckoutOptions = {}) =>
      checkoutOf(await send(context, 'PATCH', path(checkoutId), { checkout, ...options })),
  /** `POST /ecom/v1/checkouts/{id}/add-to-checkout`. */
  addToCheckout: (context) => async (checkoutId: string, lineItems: LineItemInput[]) =>
    checkoutOf(await send(context, 'POST', path(checkoutId, '/add-to-checkout'), { lineItems })),
  /** `POST /ecom/v1/checkouts/{id}/remove-line-items`. */
  removeLineItems: (context) => async (checkoutId: string, lineItemIds: string[]) =>
    checkoutOf(await send(context, 'POST', path(checkoutId, '/remove-line-items'), { lineItemIds })),
  /** `POST /ecom/v1/checkouts/{id}/update-line-items-quantity`. */
  updateLineItemsQuantity: (context) => async (checkoutId: string, lineItems: CheckoutQuantityUpdate[]) =>
    checkoutOf(await send(context, 'POST', path(checkoutId, '/update-line-items-quantity'), { lineItems })),
  /** `POST /ecom/v1/checkouts/{id}/remove-coupon`. */
  removeCoupon: (context) => async (checkoutId: string) =>
    checkoutOf(await send(context, 'POST', path(checkoutId, '/remove-coupon'))),
  /**
   * `POST /ecom/v1/checkouts/{id}/create-order`: the order, placed unpaid (the buyer pays in person).
   * @example const { orderId } = await client.ecom.createOrder(checkoutId)
   */
  createOrder:
    (context) =>
    (checkoutId: string, options: CreateOrderOptions = {}): Promise<CreateOrderResult> =>
      send<CreateOrderResult>(context, 'POST', path(checkoutId, '/create-order'), options),
  /**
   * `POST /ecom/v1/checkouts/{id}/create-order-and-charge`: the order, paid with a payment token (from
   * `createTestGatewayToken` on the built-in test gateway). A declined card is a 402 `PAYMENT_ERROR` and
   * no order is made.
   * @example
   * const { paymentToken } = await client.ecom.createTestGatewayToken({ cardNumber: '4242424242424242', expiry: '12/30', cvc: '123' })
   * const { orderId } = await client.ecom.createOrderAndCharge(checkoutId, paymentToken)
   */
  createOrderAndCharge:
    (context) =>
    (
      checkoutId: string,
      paymentToken: string,
      options: CreateOrderOptions = {},
    ): Promise<CreateOrderAndChargeResult> =>
      send<CreateOrderAndChargeResult>(context, 'POST', path(checkoutId, '/create-order-and-charge'), {
        paymentToken,
        ...options,
      }),
} satisfies ModuleDefinition;
