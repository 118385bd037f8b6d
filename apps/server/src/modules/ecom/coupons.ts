import { ecomErrors } from './ecom.errors.ts';

/**
 * Coupon codes a buyer types. Atrium has no coupons yet (they arrive with discount rules), so every code is
 * answered as the clients expect for an unknown one, and nothing is applied.
 */
export function checkCouponCode(code: string): string {
  throw ecomErrors.couponNotFound(code);
}

export function checkGiftCardCode(_code: string): string {
  throw ecomErrors.giftCardNotFound();
}
