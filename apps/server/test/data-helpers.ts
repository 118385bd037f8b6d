import { as, inject, type TestApp } from './test-app.ts';

export const staff = as('WIX_USER:STAFF');
export const ownerCaller = as('WIX_USER:OWNER');
export const app1 = as('APP:app-1');
export const visitor = as('ANONYMOUS_VISITOR');
export const alice = as('MEMBER:alice');
export const bob = as('MEMBER:bob');

/** POSTs to a data route as `caller` (the owner when absent). */
export function post(
  t: TestApp,
  url: string,
  payload: unknown,
  caller: Record<string, string> = ownerCaller,
) {
  return inject(t.app, { method: 'POST', url, payload: payload as object, headers: caller });
}

export function get(t: TestApp, url: string, caller: Record<string, string> = ownerCaller) {
  return inject(t.app, { method: 'GET', url, headers: caller });
}

export async function createCollection(t: TestApp, collection: Record<string, unknown>) {
  const response = await post(t, '/data/v2/collections', { collection });
  if (response.status !== 200) throw new Error(`collection: ${JSON.stringify(response.body)}`);
  return response.body.collection;
}

export async function insertItem(
  t: TestApp,
  dataCollectionId: string,
  data: Record<string, unknown>,
  caller: Record<string, string> = ownerCaller,
) {
  const response = await post(t, '/data/v2/items', { dataCollectionId, dataItem: { data } }, caller);
  if (response.status !== 200) throw new Error(`insert: ${JSON.stringify(response.body)}`);
  return response.body.dataItem as { id: string; dataCollectionId: string; data: Record<string, unknown> };
}

export function date(iso: string) {
  return { $date: iso };
}

/** The statements the app's Drizzle sent while `work` ran. */
export async function statementsOf(
  t: TestApp,
  work: () => Promise<unknown>,
): Promise<Array<{ text: string; params: unknown[] }>> {
  const session = (t.app.database.db as unknown as { session: { logger: unknown } }).session;
  const logger = session.logger;
  const statements: Array<{ text: string; params: unknown[] }> = [];
  session.logger = { logQuery: (text: string, params: unknown[]) => statements.push({ text, params }) };
  try {
    await work();
  } finally {
    session.logger = logger;
  }
  return statements;
}
