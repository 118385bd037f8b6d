/** Every orders query of the dashboard starts with this key; an action refreshes what it touched. */
export const ordersKey = ['dashboard', 'orders'] as const;
export const orderKey = (orderId: string) => [...ordersKey, 'one', orderId] as const;
