import type { Tx } from '../db/database.ts';

/**
 * What a vertical (stores, bookings, events) tells commerce about the things a cart holds, and how it holds
 * them (commerce.md, "Catalog providers"). Commerce never reads a vertical's tables: it calls the provider
 * registered under the app id the clients send in `catalogReference.appId`. Every call takes a batch, so a
 * cart of 100 lines costs a fixed number of queries.
 */
export interface CatalogReference {
  appId: string;
  catalogItemId: string;
  options?: Record<string, unknown>;
}

export type CatalogAvailabilityStatus = 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';

export interface CatalogItemDescription {
  reference: CatalogReference;
  /** `reason`: why an item that exists cannot be bought as asked, when it is not its stock. */
  availability: { status: CatalogAvailabilityStatus; quantityAvailable?: number; reason?: string };
  /**
   * What the provider resolved the reference to for holding it (its stock items, say), opaque to commerce:
   * handed back on the line to `hold` and `commit`, it spares them resolving the reference again, so what
   * is held and sold is what was described and priced. Absent when the item was not found.
   */
  holding?: unknown;
  /** Absent when the item was not found. */
  item?: {
    name: string;
    itemType: 'PHYSICAL' | 'DIGITAL' | 'SERVICE';
    /** The buyer cannot change the quantity (a booking is one line of one). */
    fixedQuantity?: boolean;
    /** For a service (a booking): when it takes place and for how many. */
    serviceProperties?: { scheduledDate?: string; numberOfParticipants?: number };
    /** What one costs now and its list price, decimal strings in `currency`. */
    price: string;
    fullPrice: string;
    currency: string;
    media?: { url: string; altText?: string };
    sku?: string;
    weight?: string;
    /** The choices the reference resolved to (v1 names), for the line's description. */
    options: Record<string, string>;
    variantId?: string;
  };
}

export interface CatalogLine {
  reference: CatalogReference;
  quantity: number;
  /** The description's `holding`, when the line was described in this request. */
  holding?: unknown;
}

export type CatalogHoldOutcome =
  | { ok: true }
  | { ok: false; shortfalls: Array<{ reference: CatalogReference; requested: number; available: number }> };

export interface CatalogProvider {
  appId: string;
  describe(
    siteId: string,
    references: readonly CatalogReference[],
    now: Date,
  ): Promise<CatalogItemDescription[]>;
  /** Holds the lines for `owner` until `expiresAt`, all or nothing, in the caller's transaction. */
  hold(
    tx: Tx,
    request: { siteId: string; owner: string; lines: readonly CatalogLine[]; expiresAt: Date; now: Date },
  ): Promise<CatalogHoldOutcome>;
  /** Gives back what `owner` holds; idempotent. */
  release(tx: Tx, request: { siteId: string; owner: string }): Promise<void>;
  /** Sells the lines for good (the order was paid); a late payment is honoured only if stock remains. */
  commit(
    tx: Tx,
    request: { siteId: string; owner: string; lines: readonly CatalogLine[]; now: Date },
  ): Promise<CatalogHoldOutcome>;
  /** Returns sold units (a refund or cancellation restocks). */
  restock(tx: Tx, request: { siteId: string; lines: readonly CatalogLine[] }): Promise<void>;
}
