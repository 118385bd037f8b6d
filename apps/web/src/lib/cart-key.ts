/**
 * Every query of the visitor's or member's cart starts with this key: the shop owns the cart's queries,
 * and the booking flow, which puts a booking paid online in the same cart, refreshes them with it.
 */
export const cartKey = ['ecom', 'cart'] as const;
