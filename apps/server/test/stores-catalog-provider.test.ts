import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultVariantId } from '@atrium/contract/stores/products-v1';
import { storesAppId } from '../src/modules/stores/index.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { caller } from './stores-v3-entities-helpers.ts';

// The store's catalog provider, as commerce will call it: describe lines in one batch, hold the last units,
// commit them when paid, and never sell more than there is, on PGlite and on PostgreSQL (DATABASE_URL).

let t: TestApp;
let call: ReturnType<typeof caller>;
let siteId: string;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
  siteId = (await call('GET', '/sites/v1/site')).body?.site?.id;
});
afterAll(async () => {
  await t.close();
});

async function productWithStock(name: string, quantity: number, options: unknown[] = []) {
  const created = await call('POST', '/stores/v1/products', {
    product: {
      name,
      priceData: { price: 40 },
      discount: { type: 'AMOUNT', value: 5 },
      productOptions: options,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  const product = created.body.product;
  const stocked = await call('PATCH', `/stores/v2/inventoryItems/product/${product.id}`, {
    inventoryItem: {
      trackQuantity: true,
      variants: product.variants.map((variant: { id: string }) => ({ variantId: variant.id, quantity })),
    },
  });
  expect(stocked.status).toBe(200);
  return product;
}

const reference = (catalogItemId: string, options: Record<string, unknown> = {}) => ({
  appId: storesAppId,
  catalogItemId,
  options,
});

describe('the stores catalog provider', () => {
  it('describes a batch of references: price paid and list price, stock, and what was not found', async () => {
    expect(siteId).toBeTruthy();
    const lamp = await productWithStock('Desk lamp', 3, [
      { name: 'Finish', choices: [{ description: 'Brass' }, { description: 'Black' }] },
    ]);
    const brass = lamp.variants.find(
      (variant: { choices: { Finish: string } }) => variant.choices.Finish === 'Brass',
    );
    const described = await t.app.stores.catalog.describe(
      siteId,
      [
        reference(lamp.id, { variantId: brass.id }),
        reference(lamp.id, { options: { Finish: 'Black' } }),
        reference(lamp.id),
        reference('00000000-0000-4000-8000-000000000009'),
        { appId: 'another-app', catalogItemId: lamp.id },
      ],
      new Date(),
    );
    expect(described[0]).toMatchObject({
      availability: { status: 'AVAILABLE', quantityAvailable: 3 },
      item: {
        name: 'Desk lamp',
        price: '35.00',
        fullPrice: '40.00',
        currency: 'USD',
        options: { Finish: 'Brass' },
      },
    });
    expect(described[1]!.item!.options).toEqual({ Finish: 'Black' });
    expect(described.slice(2).map((entry) => entry.availability.status)).toEqual([
      'NOT_FOUND',
      'NOT_FOUND',
      'NOT_FOUND',
    ]);
  });

  it('holds until the hold expires (clock moved), commits when paid, and restocks', async () => {
    const vase = await productWithStock('Vase', 2);
    const line = { reference: reference(vase.id), quantity: 2 };
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 15 * 60_000);
    const first = await t.app.database.transaction((tx) =>
      t.app.stores.catalog.hold(tx, { siteId, owner: 'cart:a', lines: [line], expiresAt, now }),
    );
    expect(first.ok).toBe(true);
    const second = await t.app.database.transaction((tx) =>
      t.app.stores.catalog.hold(tx, {
        siteId,
        owner: 'cart:b',
        lines: [{ ...line, quantity: 1 }],
        expiresAt,
        now,
      }),
    );
    expect(second).toMatchObject({ ok: false, shortfalls: [{ requested: 1, available: 0 }] });
    const [held] = await t.app.stores.catalog.describe(siteId, [line.reference], now);
    expect(held!.availability).toEqual({ status: 'NOT_AVAILABLE', quantityAvailable: 0 });
    const later = new Date(expiresAt.getTime() + 1);
    const [freed] = await t.app.stores.catalog.describe(siteId, [line.reference], later);
    expect(freed!.availability).toEqual({ status: 'AVAILABLE', quantityAvailable: 2 });

    const committed = await t.app.database.transaction((tx) =>
      t.app.stores.catalog.commit(tx, { siteId, owner: 'cart:a', lines: [line], now }),
    );
    expect(committed.ok).toBe(true);
    const afterSale = await call('POST', `/stores-reader/v2/inventoryItems/${vase.id}/getVariants`, {});
    expect(afterSale.body.inventoryItem.variants[0]).toMatchObject({
      variantId: defaultVariantId,
      quantity: 0,
      inStock: false,
    });
    await t.app.database.transaction((tx) =>
      t.app.stores.catalog.restock(tx, { siteId, lines: [{ ...line, quantity: 1 }] }),
    );
    const restocked = await call('POST', `/stores-reader/v2/inventoryItems/${vase.id}/getVariants`, {});
    expect(restocked.body.inventoryItem.variants[0].quantity).toBe(1);
  });

  it('gives the last unit to exactly one of 100 concurrent buyers and never goes below zero', async () => {
    const print = await productWithStock('Signed print', 1);
    const now = new Date();
    const expiresAt = new Date(now.getTime() + 15 * 60_000);
    const outcomes = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        t.app.database.transaction((tx) =>
          t.app.stores.catalog.hold(tx, {
            siteId,
            owner: `cart:${index}`,
            lines: [{ reference: reference(print.id), quantity: 1 }],
            expiresAt,
            now,
          }),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    const winner = outcomes.findIndex((outcome) => outcome.ok);
    const commits = await Promise.all(
      [winner, (winner + 1) % 100].map((index) =>
        t.app.database.transaction((tx) =>
          t.app.stores.catalog.commit(tx, {
            siteId,
            owner: `cart:${index}`,
            lines: [{ reference: reference(print.id), quantity: 1 }],
            now,
          }),
        ),
      ),
    );
    expect(commits.map((outcome) => outcome.ok)).toEqual([true, false]);
    const stock = await call('POST', `/stores-reader/v2/inventoryItems/${print.id}/getVariants`, {});
    expect(stock.body.inventoryItem.variants[0].quantity).toBe(0);
  });
});
