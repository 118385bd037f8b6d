import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';
import { caller } from './stores-v3-entities-helpers.ts';
import { amount, base, code, simple } from './stores-products-v3-helpers.ts';

// SKUs are unique per site over products and variants, whichever view writes them (the v3 clients'
// SKU_ALREADY_EXIST_ERROR, a 409); on PGlite and on PostgreSQL (DATABASE_URL).

let t: TestApp;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await createTestApp();
  call = caller(t);
});
afterAll(async () => {
  await t.close();
});

async function v1Product(name: string, sku?: string) {
  const created = await call('POST', '/stores/v1/products', {
    product: {
      name,
      priceData: { price: 10 },
      ...(sku ? { sku } : {}),
      productOptions: [{ name: 'Size', choices: [{ description: 'S' }, { description: 'M' }] }],
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.product as { id: string; variants: Array<{ id: string; choices: { Size: string } }> };
}

function expectSkuTaken(answer: { status: number; body: unknown }, message: RegExp) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(409);
  expect(code(answer as Parameters<typeof code>[0])).toBe('SKU_ALREADY_EXIST_ERROR');
  expect(JSON.stringify(answer.body)).toMatch(message);
}

describe('SKUs are unique per site', () => {
  it('refuses a v1 product SKU another product has, and lets a product keep its own', async () => {
    const first = await v1Product('Sku pen', 'PEN-1');
    expectSkuTaken(
      await call('POST', '/stores/v1/products', {
        product: { name: 'Sku pen copy', priceData: { price: 1 }, sku: 'PEN-1' },
      }),
      new RegExp(`PEN-1.*${first.id}`),
    );
    const other = await v1Product('Sku pencil', 'PENCIL-1');
    expectSkuTaken(
      await call('PATCH', `/stores/v1/products/${other.id}`, { product: { sku: 'PEN-1' } }),
      /PEN-1/,
    );
    const kept = await call('PATCH', `/stores/v1/products/${first.id}`, {
      product: { sku: 'PEN-1', name: 'Sku pen 2' },
    });
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    // The refused writes left nothing behind.
    const listed = await call('POST', '/stores/v1/products/query-platformized', {
      query: { filter: { sku: 'PEN-1' } },
    });
    expect(listed.body.products.map((product: { id: string }) => product.id)).toEqual([first.id]);
  });

  it('refuses a variant SKU another product uses, and lets a product’s variants share one', async () => {
    await v1Product('Sku mug', 'MUG-1');
    const shirt = await v1Product('Sku shirt');
    const [small, medium] = shirt.variants;
    const taken = await call('PATCH', `/stores/v1/products/${shirt.id}/variants`, {
      variants: [{ choices: { Size: small!.choices.Size }, sku: 'MUG-1' }],
    });
    expectSkuTaken(taken, /MUG-1/);
    // Variants of one product may share a SKU (v1 sets one on every variant a partial choice selects).
    const shared = await call('PATCH', `/stores/v1/products/${shirt.id}/variants`, {
      variants: [{ variantIds: [small!.id, medium!.id], sku: 'SHIRT-ANY' }],
    });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    const fine = await call('PATCH', `/stores/v1/products/${shirt.id}/variants`, {
      variants: [
        { variantIds: [small!.id], sku: 'SHIRT-S' },
        { variantIds: [medium!.id], sku: 'SHIRT-M' },
      ],
    });
    expect(fine.status, JSON.stringify(fine.body)).toBe(200);
    // A v1 product may not take a SKU a variant of another product has.
    expectSkuTaken(
      await call('POST', '/stores/v1/products', {
        product: { name: 'Sku thief', priceData: { price: 1 }, sku: 'SHIRT-S' },
      }),
      /SHIRT-S/,
    );
  });

  it('refuses v3 variants whose SKU is taken, through either view', async () => {
    await v1Product('Sku lamp', 'LAMP-1');
    const withSku = (sku: string) =>
      simple('Sku v3 lamp', '20', {
        variantsInfo: { variants: [{ sku, price: { actualPrice: amount('20') } }] },
      });
    expectSkuTaken(await call('POST', base, { product: withSku('LAMP-1') }), /LAMP-1/);
    const created = await call('POST', base, { product: withSku('LAMP-2') });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expectSkuTaken(
      await call('POST', '/stores/v1/products', {
        product: { name: 'Sku lamp 3', priceData: { price: 1 }, sku: 'LAMP-2' },
      }),
      /LAMP-2/,
    );
  });
});
