import type { RequestContext } from '../../platform/context.ts';
import type { StoresModule } from './index.ts';

/**
 * The demo shop beside the yoga studio: a dozen products with options, photos, stock, a discount, ribbons
 * and collections, made through the module's own services as the dashboard would. Photos are the web
 * app's illustrations under `/demo/shop/`. Returns false when the site already has products.
 */
interface SeedProduct {
  name: string;
  price: number;
  cost?: number;
  description: string;
  collections: string[];
  options?: Array<{ name: string; optionType?: 'drop_down' | 'color'; choices: Array<[string, string?]> }>;
  /** Units on hand per variant; absent: the product does not count its stock. */
  stock?: number | ((choices: Record<string, string>) => number);
  ribbon?: string;
  discount?: { type: 'AMOUNT' | 'PERCENT'; value: number };
  productType?: 'physical' | 'digital';
  weight?: number;
  customTextFields?: Array<{ title: string; maxLength: number; mandatory: boolean }>;
  additionalInfoSections?: Array<{ title: string; description: string }>;
}

const shop: SeedProduct[] = [
  {
    name: 'Natural rubber yoga mat',
    price: 78,
    cost: 31,
    description: '<p>4 mm of natural rubber with a grippy top layer. Rolls up light, lasts for years.</p>',
    collections: ['Mats & props'],
    options: [
      {
        name: 'Colour',
        optionType: 'color',
        choices: [
          ['Sage', '#9caf88'],
          ['Clay', '#c27c5a'],
          ['Charcoal', '#36454f'],
        ],
      },
    ],
    stock: (choices) => (choices.Colour === 'Clay' ? 0 : 12),
    ribbon: 'Bestseller',
    weight: 2.3,
  },
  {
    name: 'Cork yoga block',
    price: 24,
    cost: 7.5,
    description: '<p>Firm, warm to the touch and made from cork bark that grows back.</p>',
    collections: ['Mats & props'],
    stock: 40,
    weight: 0.5,
  },
  {
    name: 'Cotton yoga strap',
    price: 14,
    cost: 3.2,
    description: '<p>2.5 m of woven cotton with a metal D-ring buckle.</p>',
    collections: ['Mats & props'],
    options: [
      {
        name: 'Colour',
        optionType: 'color',
        choices: [
          ['Indigo', '#3f51b5'],
          ['Oat', '#e8dcc4'],
        ],
      },
    ],
    stock: 25,
  },
  {
    name: 'Buckwheat meditation cushion',
    price: 59,
    cost: 21,
    description: '<p>A round zafu filled with buckwheat hulls; the cover washes at 40 °C.</p>',
    collections: ['Mats & props', 'Gifts'],
    options: [
      {
        name: 'Colour',
        optionType: 'color',
        choices: [
          ['Saffron', '#f4a300'],
          ['Slate', '#5a6978'],
        ],
      },
    ],
    stock: 8,
    ribbon: 'New',
  },
  {
    name: 'Organic cotton studio tee',
    price: 32,
    cost: 9,
    description: '<p>A soft, loose tee with the Lotus mark on the back.</p>',
    collections: ['Apparel'],
    options: [
      { name: 'Size', choices: [['XS'], ['S'], ['M'], ['L'], ['XL']] },
      {
        name: 'Colour',
        optionType: 'color',
        choices: [
          ['White', '#ffffff'],
          ['Black', '#111111'],
        ],
      },
    ],
    stock: (choices) => (choices.Size === 'XS' && choices.Colour === 'Black' ? 0 : 6),
    discount: { type: 'PERCENT', value: 20 },
  },
  {
    name: 'High-waist leggings',
    price: 64,
    cost: 22,
    description: '<p>Squat-proof, with a pocket for your key card.</p>',
    collections: ['Apparel'],
    options: [{ name: 'Size', choices: [['XS'], ['S'], ['M'], ['L'], ['XL']] }],
    stock: (choices) => (choices.Size === 'XL' ? 2 : 10),
    ribbon: 'New',
  },
  {
    name: 'Insulated water bottle',
    price: 29,
    cost: 8,
    description: '<p>750 ml, keeps water cold through the longest class.</p>',
    collections: ['Gifts'],
    options: [
      {
        name: 'Colour',
        optionType: 'color',
        choices: [
          ['Moss', '#6b8e23'],
          ['Sand', '#d8c3a5'],
        ],
      },
    ],
    stock: 30,
  },
  {
    name: 'Lavender eye pillow',
    price: 19,
    cost: 5,
    description:
      '<p>Silk on one side, flax seed and lavender inside. For the last five minutes of class.</p>',
    collections: ['Gifts'],
    stock: 15,
  },
  {
    name: 'Palo santo incense set',
    price: 16,
    cost: 4.5,
    description: '<p>Six sticks and a ceramic holder made in the studio.</p>',
    collections: ['Gifts'],
  },
  {
    name: 'Calm essential oil blend',
    price: 22,
    cost: 6,
    description: '<p>Lavender, bergamot and cedar in 10 ml of fractionated coconut oil.</p>',
    collections: ['Gifts'],
    stock: 3,
  },
  {
    name: 'Canvas studio tote',
    price: 18,
    cost: 4,
    description: '<p>Big enough for a mat, a change of clothes and a book.</p>',
    collections: ['Apparel', 'Gifts'],
    discount: { type: 'AMOUNT', value: 4 },
    customTextFields: [{ title: 'Name to print', maxLength: 20, mandatory: false }],
    additionalInfoSections: [
      { title: 'Care', description: '<p>Machine wash cold, inside out. Hang to dry.</p>' },
      {
        title: 'Printing',
        description: '<p>A name is printed in the studio within two days of the order.</p>',
      },
    ],
  },
  {
    name: 'Studio gift card',
    price: 50,
    description: '<p>Good for classes, workshops and anything in the shop. Sent by email.</p>',
    collections: ['Gifts'],
    productType: 'digital',
  },
];

const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export async function seedStoreCatalog(stores: StoresModule, ctx: RequestContext): Promise<boolean> {
  const existing = await stores.products.query(ctx, { query: { paging: { limit: 1 } } });
  if (existing.products.length > 0) return false;
  const collections = new Map<string, string>();
  for (const name of ['Mats & props', 'Apparel', 'Gifts']) {
    collections.set(name, (await stores.collections.create(ctx, { name })).id);
  }
  for (const item of shop) {
    const slug = slugOf(item.name);
    const row = await stores.products.create(ctx, {
      name: item.name,
      priceData: { price: item.price },
      description: item.description,
      productType: item.productType ?? 'physical',
      ...(item.cost !== undefined ? { costAndProfitData: { itemCost: item.cost } } : {}),
      ...(item.weight !== undefined ? { weight: item.weight } : {}),
      ...(item.discount ? { discount: item.discount } : {}),
      ...(item.ribbon ? { ribbon: item.ribbon } : {}),
      ...(item.customTextFields ? { customTextFields: item.customTextFields } : {}),
      ...(item.additionalInfoSections ? { additionalInfoSections: item.additionalInfoSections } : {}),
      brand: 'Lotus Studio',
      productOptions: (item.options ?? []).map((option) => ({
        name: option.name,
        optionType: option.optionType ?? 'drop_down',
        choices: option.choices.map(([description, value]) => ({ description, value: value ?? description })),
      })),
    });
    await stores.variants.addMedia(ctx, row.id, [{ mediaId: `${slug}-1`, url: `/demo/shop/${slug}.svg` }]);
    if (item.stock !== undefined) {
      const product = await stores.products.wire(ctx, row, { merchant: true });
      const stock = item.stock;
      await stores.inventory.updateVariants(ctx, row.id, {
        trackQuantity: true,
        variants: (product.variants ?? []).map((variant) => ({
          variantId: variant.id,
          quantity: typeof stock === 'number' ? stock : stock(variant.choices),
        })),
      });
    }
    for (const collection of item.collections) {
      await stores.collections.addProducts(ctx, collections.get(collection)!, [row.id]);
    }
  }
  return true;
}
