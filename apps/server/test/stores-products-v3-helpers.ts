import { expect } from 'vitest';
import type { caller } from './stores-v3-entities-helpers.ts';

/** Shared pieces of the catalog v3 product tests: request shapes as the official client sends them. */

export const base = '/stores/v3/products';
export const bulk = '/stores/v3/bulk/products';
export const amount = (value: string) => ({ amount: value });

export interface WireVariant {
  id: string;
  sku?: string;
  visible: boolean;
  choices: Array<{
    optionChoiceIds: { optionId: string; choiceId: string };
    optionChoiceNames?: Record<string, string>;
  }>;
  price: { actualPrice: { amount: string; formattedAmount: string }; compareAtPrice?: { amount: string } };
  revenueDetails?: { cost?: { amount: string }; profit: { amount: string }; profitMargin: number };
  inventoryStatus: { inStock: boolean; preorderEnabled: boolean };
}
export interface WireProduct {
  id: string;
  revision: string;
  name: string;
  slug: string;
  options: Array<{
    id: string;
    name: string;
    optionRenderType: string;
    choicesSettings: { choices: Array<{ choiceId: string; name: string; colorCode?: string }> };
  }>;
  variantsInfo: { variants: WireVariant[] };
  [key: string]: unknown;
}

/** A T-shirt in two sizes and two colours, options made from names (new customizations). */
export function tee(name: string, extra: Record<string, unknown> = {}) {
  const variants = [];
  for (const size of ['S', 'M']) {
    for (const colour of ['Black', 'White']) {
      variants.push({
        sku: `${name.slice(0, 3).toUpperCase()}-${size}-${colour[0]}`,
        choices: [
          { optionChoiceNames: { optionName: 'Size', choiceName: size } },
          { optionChoiceNames: { optionName: 'Colour', choiceName: colour } },
        ],
        price: { actualPrice: amount(size === 'S' ? '20' : '22.5'), compareAtPrice: amount('25') },
        revenueDetails: { cost: amount('8') },
        physicalProperties: { weight: 0.25 },
      });
    }
  }
  return {
    name,
    productType: 'PHYSICAL',
    plainDescription: '<p>Soft linen</p>',
    options: [
      {
        name: 'Size',
        optionRenderType: 'TEXT_CHOICES',
        choicesSettings: { choices: ['S', 'M'].map((size) => ({ name: size, choiceType: 'CHOICE_TEXT' })) },
      },
      {
        name: 'Colour',
        optionRenderType: 'SWATCH_CHOICES',
        choicesSettings: {
          choices: [
            { name: 'Black', choiceType: 'ONE_COLOR', colorCode: '#000000' },
            { name: 'White', choiceType: 'ONE_COLOR', colorCode: '#FFFFFF' },
          ],
        },
      },
    ],
    brand: { name: 'Atrium Basics' },
    ribbon: { name: 'New' },
    variantsInfo: { variants },
    ...extra,
  };
}

/** A product without options: one variant without choices. */
export function simple(name: string, price = '10', extra: Record<string, unknown> = {}) {
  return {
    name,
    productType: 'PHYSICAL',
    variantsInfo: { variants: [{ price: { actualPrice: amount(price) } }] },
    ...extra,
  };
}

export async function createProduct(
  call: ReturnType<typeof caller>,
  product: Record<string, unknown>,
  fields?: string[],
): Promise<WireProduct> {
  const created = await call('POST', base, { product, ...(fields ? { fields } : {}) });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.product;
}

export function code(response: { body: { details?: { applicationError?: { code?: string } } } }) {
  return response.body.details?.applicationError?.code;
}
