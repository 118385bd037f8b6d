import { createClient } from '@atrium/sdk';
import { ecomOrderTransactions, ecomOrders } from '@atrium/sdk/modules/ecom';
import { staffAuth } from '../../../../lib/atrium-client.ts';

/**
 * The orders screens' own client: the dashboard session with the orders and transactions modules, which
 * only these lazy pages load. Only this folder's hooks call it.
 */
export const orders = createClient({
  baseUrl: '',
  auth: staffAuth,
  modules: { orders: ecomOrders, transactions: ecomOrderTransactions },
});
