import type {
  AddToCartRequest,
  CreateCartRequest,
  CreateCheckoutFromCartRequest,
  UpdateCartRequest,
  estimateTotalsRequestSchema,
  estimateTotalsResponseSchema,
  updateLineItemsQuantityRequestSchema,
} from '@atrium/contract/ecom/carts';
import type { z } from 'zod';
import type { ModuleDefinition } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { segment, send } from '../bookings/shared.ts';
import type { Cart } from './types.ts';

export type AddToCartOptions = AddToCartRequest;
export type NewCart = CreateCartRequest;
export type UpdateCurrentCartOptions = UpdateCartRequest;
export type CreateCheckoutOptions = CreateCheckoutFromCartRequest;
export type LineItemQuantityUpdate = z.input<
  typeof updateLineItemsQuantityRequestSchema
>['lineItems'][number];
export type EstimateTotalsOptions = z.input<typeof estimateTotalsRequestSchema>;
export type EstimateTotalsResult = WithDates<z.infer<typeof estimateTotalsResponseSchema>>;

const base = '/ecom/v1/carts/current';
type CartAnswer = { cart: Cart };
const cartOf = (answer: unknown) => answer as CartAnswer;

/**
 * The current cart (`@wix/ecom` currentCart): the one cart of the calling visitor or member. Reading it
 * when there is none is a 404 `OWNED_CART_NOT_FOUND`; adding to it creates it.
 */
export const currentCartCalls = {
  /**
   * `GET /ecom/v1/carts/current`; a 404 `OWNED_CART_NOT_FOUND` when the caller has no cart yet.
   * @example const cart = await client.ecom.getCurrentCart()
   */
  getCurrentCart: (context) => async (): Promise<Cart> => cartOf(await send(context, 'GET', base)).cart,
  /**
   * `POST /ecom/v1/carts/current/add-to-cart`: catalog lines (a store product's variant, a booking),
   * creating the cart when there is none; the same item again adds to its line's quantity.
   * @example
   * await client.ecom.addToCurrentCart({
   *   lineItems: [{ quantity: 1, catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId, options: { variantId } } }],
   * })
   */
  addToCurrentCart:
    (context) =>
    (options: AddToCartOptions): Promise<CartAnswer> =>
      send(context, 'POST', `${base}/add-to-cart`, options).then(cartOf),
  /** `PATCH /ecom/v1/carts/current`: the buyer's note, contact, coupon, or more lines. */
  updateCurrentCart: (context) => async (options: UpdateCurrentCartOptions) =>
    cartOf(await send(context, 'PATCH', base, options)).cart,
  /**
   * `POST /ecom/v1/carts/current/update-line-items-quantity`: each line's new quantity.
   * @example await client.ecom.updateCurrentCartLineItemQuantity([{ id: line.id, quantity: 3 }])
   */
  updateCurrentCartLineItemQuantity:
    (context) =>
    (lineItems: LineItemQuantityUpdate[]): Promise<CartAnswer> =>
      send(context, 'POST', `${base}/update-line-items-quantity`, { lineItems }).then(cartOf),
  /** `POST /ecom/v1/carts/current/remove-line-items`. */
  removeLineItemsFromCurrentCart:
    (context) =>
    (lineItemIds: string[]): Promise<CartAnswer> =>
      send(context, 'POST', `${base}/remove-line-items`, { lineItemIds }).then(cartOf),
  /** `POST /ecom/v1/carts/current/remove-coupon`. */
  removeCouponFromCurrentCart: (context) => (): Promise<CartAnswer> =>
    send(context, 'POST', `${base}/remove-coupon`).then(cartOf),
  /**
   * `POST /ecom/v1/carts/current/create-checkout`: a checkout of the cart's lines, optionally with the
   * buyer's email and addresses already filled in.
   * @example const { checkoutId } = await client.ecom.createCheckoutFromCurrentCart({ channelType: 'WEB' })
   */
  createCheckoutFromCurrentCart:
    (context) =>
    (options: CreateCheckoutOptions = {}): Promise<{ checkoutId: string }> =>
      send<{ checkoutId: string }>(context, 'POST', `${base}/create-checkout`, options),
  /** `POST /ecom/v1/carts/current/estimate-totals`: the totals a checkout of the cart would have. */
  estimateCurrentCartTotals:
    (context) =>
    (options: EstimateTotalsOptions = {}): Promise<EstimateTotalsResult> =>
      send<z.infer<typeof estimateTotalsResponseSchema>>(context, 'POST', `${base}/estimate-totals`, options),
  /** `DELETE /ecom/v1/carts/current`. */
  deleteCurrentCart: (context) => async (): Promise<void> => {
    await send(context, 'DELETE', base);
  },
} satisfies ModuleDefinition;

const cartPath = (cartId: string, rest = '') => `/ecom/v1/carts/${segment(cartId)}${rest}`;

/**
 * Carts by id (`@wix/ecom` cart): the business makes and reads carts for anyone (a phone order); a
 * visitor or member reads only their own (anyone else's is a 404 `CART_NOT_FOUND`).
 */
export const cartCalls = {
  /**
   * `POST /ecom/v1/carts`: a cart of catalog lines that is nobody's current cart.
   * @example const cart = await client.ecom.createCart({ lineItems: [{ quantity: 1, catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId } }] })
   */
  createCart: (context) => async (options: NewCart) =>
    cartOf(await send(context, 'POST', '/ecom/v1/carts', options)).cart,
  /**
   * `GET /ecom/v1/carts/{id}`: any cart for the business, a buyer's own for a visitor or member.
   * @example const cart = await client.ecom.getCart(cartId)
   */
  getCart: (context) => async (cartId: string) => cartOf(await send(context, 'GET', cartPath(cartId))).cart,
  /** `GET /ecom/v1/carts/by-checkout-id/{id}`: the cart a checkout was made from. */
  getCartByCheckoutId: (context) => async (checkoutId: string) =>
    cartOf(await send(context, 'GET', `/ecom/v1/carts/by-checkout-id/${segment(checkoutId)}`)).cart,
  /** `POST /ecom/v1/carts/{id}/add-to-cart`. */
  addToCart: (context) => async (cartId: string, options: AddToCartOptions) =>
    cartOf(await send(context, 'POST', cartPath(cartId, '/add-to-cart'), options)).cart,
  /** `POST /ecom/v1/carts/{id}/create-checkout`. */
  createCheckoutFromCart:
    (context) =>
    (cartId: string, options: CreateCheckoutOptions = {}): Promise<{ checkoutId: string }> =>
      send<{ checkoutId: string }>(context, 'POST', cartPath(cartId, '/create-checkout'), options),
  /** `DELETE /ecom/v1/carts/{id}`. */
  deleteCart:
    (context) =>
    async (cartId: string): Promise<void> => {
      await send(context, 'DELETE', cartPath(cartId));
    },
} satisfies ModuleDefinition;
