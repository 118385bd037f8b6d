import { pickStrings } from '../../i18n/pick-strings.ts';

/** The shop: its product list and a product's page. */
export const en = {
  shop: {
    title: 'Shop',
    subtitle: 'Mats, props and small comforts we use in the studio every day, chosen by our teachers.',
    search: 'Search the shop',
    searchPlaceholder: 'Mat, tee, cushion…',
    collections: 'Collections',
    allProducts: 'All products',
    sort: 'Sort by',
    sorts: {
      newest: 'Newest',
      priceLow: 'Price: low to high',
      priceHigh: 'Price: high to low',
      name: 'Name',
    },
    count: (count: number) => (count === 1 ? '1 product' : `${count} products`),
    empty: 'No products match your search.',
    clear: 'Clear filters',
    loadFailed: 'We could not load the shop. Check your connection and try again.',
    outOfStock: 'Out of stock',
  },
  product: {
    back: 'Back to the shop',
    notFound: 'This product does not exist or is no longer sold.',
    description: 'About this product',
    details: 'Details',
    brand: 'Brand',
    sku: 'SKU',
    digital: 'Digital product, sent by email',
    discountPercent: (value: number) => `−${value}%`,
    discountAmount: (amount: string) => `Save ${amount}`,
    listPrice: 'Regular price',
    salePrice: 'Sale price',
    choose: (options: string[]) => `Choose ${options.join(' and ').toLowerCase()} to see availability`,
    soldOutChoice: (choice: string) => `${choice} (sold out)`,
    picked: (option: string, choice: string) => `${option}: ${choice}`,
    stock: {
      out: 'Out of stock',
      few: (quantity: number) => (quantity === 1 ? 'Only 1 left' : `Only ${quantity} left`),
      counted: (quantity: number) => `In stock (${quantity} available)`,
      in: 'In stock',
    },
    addToCart: 'Add to cart',
    cartSoon: 'Online checkout is coming soon. Ask at the studio desk to buy this today.',
  },
} as const;

export const t = pickStrings({ en });
