import type { QueryBuilder } from '@atrium/sdk';

/** At most this many pages of 100 are read where a list is filtered on the client. */
const maxPages = 10;

/**
 * Every item a query matches, up to 1,000: for short lists shown whole (collections, brands, ribbons).
 * `capped` says the list was cut there.
 */
export async function allPages<T>(query: QueryBuilder<T>): Promise<{ items: T[]; capped: boolean }> {
  let page = await query.limit(100).find();
  const items = [...page.items];
  for (let index = 1; index < maxPages && page.hasNext(); index += 1) {
    page = await page.next();
    items.push(...page.items);
  }
  return { items, capped: page.hasNext() };
}
