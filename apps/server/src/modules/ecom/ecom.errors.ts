import { AppError, badRequest, conflict, notFound } from '../../platform/errors/app-error.ts';

/** Commerce's error codes, as the `@wix/ecom` clients declare them (clients-commerce-events.md §2.1). */
export const ecomErrors = {
  ownedCartNotFound: () => notFound('current cart', undefined, 'OWNED_CART_NOT_FOUND'),
  cartNotFound: (id: string) => notFound('cart', id, 'CART_NOT_FOUND'),
  checkoutNotFound: (id: string) => notFound('checkout', id, 'CHECKOUT_NOT_FOUND'),
  orderNotFound: (id: string) => notFound('order', id, 'ORDER_NOT_FOUND'),
  catalogItemNotFound: (appId: string, itemId: string) =>
    new AppError(404, 'CATALOG_ITEM_NOT_FOUND', `catalog item ${itemId} of app ${appId} not found`, {
      data: { appId, catalogItemId: itemId },
    }),
  lineItemNotFound: (id: string) => notFound('line item', id, 'LINE_ITEM_NOT_FOUND'),
  couponNotFound: (code: string) =>
    badRequest('ERROR_COUPON_DOES_NOT_EXIST', `coupon ${JSON.stringify(code)} does not exist`),
  giftCardNotFound: () => badRequest('GIFT_CARD_NOT_FOUND', 'gift card not found'),
  checkoutIsComplete: (id: string) =>
    conflict('CHECKOUT_IS_COMPLETE', `checkout ${id} is completed; create a new one to buy more`),
  emptyCheckout: (id: string) => badRequest('EMPTY_CHECKOUT', `checkout ${id} has no line items`),
  outOfStock: (
    code: 'FULL_OUT_OF_STOCK' | 'PARTIAL_OUT_OF_STOCK',
    shortfalls: Array<{ lineItemId: string; requested: number; available: number }>,
  ) =>
    new AppError(
      409,
      code,
      code === 'FULL_OUT_OF_STOCK'
        ? 'none of the items can be bought: they are out of stock or gone'
        : `some items are out of stock: ${shortfalls.map((s) => `${s.lineItemId} (${s.available} of ${s.requested} left)`).join(', ')}`,
      { data: { lineItems: shortfalls } },
    ),
  paymentDeclined: (declineCode: string, message: string) =>
    new AppError(402, 'PAYMENT_ERROR', `the payment was declined: ${message}`, {
      data: { paymentErrorResponseData: { transactionStatus: 'DECLINED', failureDetails: declineCode } },
    }),
  checkoutChanged: (id: string) =>
    conflict(
      'CHECKOUT_CHANGED',
      `checkout ${id} changed while it was being completed; read it again and retry`,
    ),
  paymentInProgress: (id: string) =>
    conflict(
      'CHECKOUT_PAYMENT_ALREADY_IN_PROGRESS',
      `checkout ${id} is being paid right now; try again in a moment`,
    ),
  checkoutAlreadyPaid: (id: string, orderId: string) =>
    conflict('CHECKOUT_ALREADY_PAID', `checkout ${id} became order ${orderId}, which is already paid`, {
      orderId,
    }),
  orderTransactionsNotFound: (orderId: string) =>
    notFound('order transactions of order', orderId, 'ORDER_TRANSACTIONS_NOT_FOUND'),
  paymentNotFound: (id: string) => notFound('payment', id, 'PAYMENT_NOT_FOUND'),
  refundNotFound: (id: string) => notFound('refund', id, 'REFUND_NOT_FOUND'),
  refundTransactionNotFound: (refundId: string, paymentId: string) =>
    notFound(`transaction of refund ${refundId} for payment`, paymentId, 'REFUND_TRANSACTION_NOT_FOUND'),
  refundStatusNotAllowed: (refundId: string, paymentId: string, from: string, to: string) =>
    badRequest(
      'STATUS_NOT_ALLOWED',
      `the refund ${refundId} of payment ${paymentId} cannot go from ${from} to ${to}`,
    ),
  alreadyPaid: (id: string) => conflict('ORDER_ALREADY_PAID', `order ${id} is already paid`),
  unsupportedTransition: (id: string, from: string, to: string) =>
    conflict('UNSUPPORTED_TRANSITION', `order ${id} cannot go from ${from} to ${to}`, { from, to }),
  invalidAmount: (message: string) => badRequest('INVALID_AMOUNT', message),
  refundNotAvailable: (message: string) => conflict('REFUND_NOT_AVAILABLE', message),
  paymentsNotFound: (ids: string[]) =>
    new AppError(404, 'PAYMENTS_NOT_FOUND', `payments ${ids.join(', ')} not found on this order`, {
      data: { paymentIds: ids },
    }),
  customLinesForBusiness: () =>
    new AppError(
      403,
      'CUSTOM_LINE_ITEMS_NOT_ALLOWED',
      'only the business adds custom line items (they set their own price)',
    ),
  membershipsNotAvailable: () =>
    badRequest(
      'MEMBERSHIP_CHARGE_NOT_AVAILABLE',
      'memberships and pricing plans are not available on this site yet',
    ),
  activityNotFound: (id: string) => notFound('activity', id, 'ACTIVITY_NOT_FOUND'),
  activityNotEditable: (id: string) =>
    badRequest(
      'ACTIVITY_NOT_EDITABLE',
      `activity ${id} was written by the system; only merchant comments and custom activities change`,
    ),
  statusNotAllowed: (id: string, from: string, to: string) =>
    badRequest('STATUS_NOT_ALLOWED', `payment ${id} cannot go from ${from} to ${to}`),
  notAuthorized: (id: string, status: string) =>
    conflict(
      'PAYMENT_NOT_AUTHORIZED',
      `payment ${id} is ${status}: only authorized payments are captured or voided`,
    ),
  gatewayRefused: (code: string, message: string) =>
    conflict(code, `the payment gateway refused: ${message}`),
  orderCanceled: (id: string) => conflict('ORDER_CANCELED', `order ${id} is canceled`),
  statusAlreadySet: (id: string, status: string) =>
    conflict('STATUS_ALREADY_SET', `order ${id} is already ${status}`),
  orderIsPending: (id: string) => conflict('ORDER_IS_PENDING', `order ${id} is pending`),
  orderIsRejected: (id: string) => conflict('ORDER_IS_REJECTED', `order ${id} was rejected`),
  orderHasAuthorizedTransaction: (id: string) =>
    conflict(
      'ORDER_HAS_AUTHORIZED_TRANSACTION',
      `order ${id} has an authorized payment: capture or void it before canceling`,
    ),
  cannotSetLowerCounter: (current: number, requested: number) =>
    conflict(
      'CANNOT_SET_LOWER_ORDER_NUMBER_COUNTER',
      `the next order number is ${current}; ${requested} is lower (allowLowerCounter permits it)`,
    ),
  cannotOverwriteNonImported: (id: string) =>
    conflict('CANNOT_OVERWRITE_NON_IMPORTED_ORDER', `order ${id} was not imported; it cannot be overwritten`),
  orderNumberTaken: (number: number) =>
    conflict('ORDER_NUMBER_ALREADY_EXISTS', `an order numbered ${number} already exists`),
  purchasedDateInFuture: () =>
    badRequest('PURCHASED_DATE_CANNOT_BE_IN_FUTURE', 'purchasedDate cannot be in the future'),
  fulfillmentNotFound: (id: string) => notFound('fulfillment', id, 'FULFILLMENT_NOT_FOUND'),
  fulfillmentExceedsQuantity: (lineItemId: string, requested: number, left: number) =>
    badRequest(
      'FULFILLMENT_QUANTITY_EXCEEDED',
      `line item ${lineItemId}: ${requested} asked to fulfil, ${left} left unfulfilled`,
    ),
  restockExceedsTaken: (lineItemId: string, requested: number, taken: number) =>
    badRequest(
      'INVALID_INVENTORY_UPDATE',
      `line item ${lineItemId}: ${requested} to restock, but ${taken} were taken from stock`,
    ),
  lineItemFulfilled: (lineItemId: string, fulfilled: number) =>
    conflict(
      'LINE_ITEM_ALREADY_FULFILLED',
      `line item ${lineItemId} has ${fulfilled} fulfilled; delete its fulfillments first`,
    ),
} as const;
