import type { CatalogLine, CatalogReference } from '../../platform/catalog/catalog-provider.ts';
import type { Tx } from '../../platform/db/database.ts';
import type { CatalogProviders } from './catalog-lines.ts';

/**
 * What an order's lines hold and take from their verticals, through each one's catalog provider in the
 * caller's transaction. Providers are called in app id order, so two buyers lock capacities in the same
 * order. Goods (stock) are taken when the inventory trigger says; services (bookings) when paid.
 */
export interface StockLine {
  id: string;
  quantity: number;
  catalogReference?: CatalogReference;
  itemType: { preset?: string };
  /** The provider's `holding` from describing the line in this request, when it was. */
  holding?: unknown;
}

export interface StockShortfall {
  lineItemId: string;
  requested: number;
  available: number;
}

export type LineKind = 'goods' | 'services' | 'all';

function ofKind(line: StockLine, kind: LineKind) {
  if (kind === 'all') return true;
  return (line.itemType.preset === 'SERVICE') === (kind === 'services');
}

function groups(lines: readonly StockLine[], kind: LineKind) {
  const byApp = new Map<string, StockLine[]>();
  for (const line of lines) {
    if (!line.catalogReference || !ofKind(line, kind)) continue;
    const list = byApp.get(line.catalogReference.appId) ?? [];
    list.push(line);
    byApp.set(line.catalogReference.appId, list);
  }
  return [...byApp].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

const toCatalogLine = (line: StockLine): CatalogLine => ({
  reference: line.catalogReference!,
  quantity: line.quantity,
  ...(line.holding !== undefined ? { holding: line.holding } : {}),
});

export function createOrderStock(providers: CatalogProviders) {
  function shortfallsOf(
    appLines: StockLine[],
    outcome:
      | { ok: true }
      | {
          ok: false;
          shortfalls: Array<{ reference: CatalogReference; requested: number; available: number }>;
        },
  ): StockShortfall[] {
    if (outcome.ok) return [];
    return outcome.shortfalls.map((shortfall) => ({
      lineItemId:
        appLines.find(
          (line) =>
            line.catalogReference === shortfall.reference ||
            sameRef(line.catalogReference!, shortfall.reference),
        )?.id ?? '',
      requested: shortfall.requested,
      available: shortfall.available,
    }));
  }

  return {
    /** Holds every line for `owner` until `expiresAt`; all or nothing per provider (the caller rolls back). */
    async hold(
      tx: Tx,
      request: {
        siteId: string;
        owner: string;
        lines: readonly StockLine[];
        expiresAt: Date;
        now: Date;
        kind?: LineKind;
      },
    ) {
      const shortfalls: StockShortfall[] = [];
      for (const [appId, appLines] of groups(request.lines, request.kind ?? 'all')) {
        const provider = providers.get(appId);
        if (!provider) continue;
        const outcome = await provider.hold(tx, {
          siteId: request.siteId,
          owner: request.owner,
          lines: appLines.map(toCatalogLine),
          expiresAt: request.expiresAt,
          now: request.now,
        });
        shortfalls.push(...shortfallsOf(appLines, outcome));
      }
      return shortfalls;
    },

    async release(tx: Tx, request: { siteId: string; owner: string }) {
      for (const provider of [...providers.values()].sort((a, b) => (a.appId < b.appId ? -1 : 1))) {
        await provider.release(tx, request);
      }
    },

    /** Takes the lines for good (what `owner` held counts as theirs); a shortfall changes nothing. */
    async commit(
      tx: Tx,
      request: { siteId: string; owner: string; lines: readonly StockLine[]; now: Date; kind: LineKind },
    ) {
      const shortfalls: StockShortfall[] = [];
      for (const [appId, appLines] of groups(request.lines, request.kind)) {
        const provider = providers.get(appId);
        if (!provider) continue;
        const outcome = await provider.commit(tx, {
          siteId: request.siteId,
          owner: request.owner,
          lines: appLines.map(toCatalogLine),
          now: request.now,
        });
        shortfalls.push(...shortfallsOf(appLines, outcome));
      }
      return shortfalls;
    },

    async restock(tx: Tx, request: { siteId: string; lines: readonly StockLine[]; kind: LineKind }) {
      for (const [appId, appLines] of groups(request.lines, request.kind)) {
        await providers
          .get(appId)
          ?.restock(tx, { siteId: request.siteId, lines: appLines.map(toCatalogLine) });
      }
    },
  };
}
export type OrderStock = ReturnType<typeof createOrderStock>;

function sameRef(a: CatalogReference, b: CatalogReference) {
  return (
    a.appId === b.appId &&
    a.catalogItemId === b.catalogItemId &&
    JSON.stringify(a.options ?? {}) === JSON.stringify(b.options ?? {})
  );
}
