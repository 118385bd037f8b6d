import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { catalogAppIds } from '@atrium/contract/ecom/common';
import { as, inject, owner, type TestApp } from './test-app.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** Commerce tests: calls as the owner, a visitor or a member, and a stocked product to buy. */
export function ecomKit(t: TestApp) {
  const call = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = owner) =>
    inject(t.app, {
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    call,
    visitor: () => as(`ANONYMOUS_VISITOR:${randomUUID()}`),
    member: () => as(`MEMBER:${randomUUID()}`),
    async product(name: string, price: number, quantity?: number) {
      const created = await call('POST', '/stores/v1/products', {
        product: { name, productType: 'physical', priceData: { price } },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const product = created.body.product;
      if (quantity !== undefined) {
        const stocked = await call('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, {
          inventoryItem: {
            trackQuantity: true,
            variants: product.variants.map((variant: { id: string }) => ({
              variantId: variant.id,
              quantity,
            })),
          },
        });
        expect(stocked.status, JSON.stringify(stocked.body)).toBe(200);
      }
      return product as { id: string; variants: Array<{ id: string }> };
    },
    line(productId: string, quantity = 1) {
      return { quantity, catalogReference: { appId: catalogAppIds.stores, catalogItemId: productId } };
    },
    async token(headers: Record<string, string>, cardNumber = '4242424242424242') {
      const answer = await call(
        'POST',
        '/ecom/v1/test-gateway/tokens',
        { cardNumber, expiry: '12/40', cvc: '123' },
        headers,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.paymentToken as string;
    },
  };
}
