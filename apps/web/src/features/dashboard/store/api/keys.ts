/** Every store query of the dashboard starts with this key; a change refreshes what it touched. */
export const storeKey = ['dashboard', 'store'] as const;
export const productsKey = [...storeKey, 'products'] as const;
export const collectionsKey = [...storeKey, 'collections'] as const;
export const inventoryKey = [...storeKey, 'inventory'] as const;
export const labelsKey = [...storeKey, 'labels'] as const;
