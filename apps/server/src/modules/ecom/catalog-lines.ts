import type {
  CatalogAvailabilityStatus,
  CatalogItemDescription,
  CatalogProvider,
} from '../../platform/catalog/catalog-provider.ts';
import type { LineDoc } from './ecom-docs.ts';

/**
 * A cart's or checkout's lines as the catalog describes them now: each provider is asked once for all of
 * its lines (a cart of 100 lines costs a fixed number of queries), custom lines describe themselves.
 */
export interface DescribedLine {
  line: LineDoc;
  name: string;
  itemType: { preset?: string; custom?: string };
  /** Unit price paid and list price, decimal strings in the site's currency. */
  price: string;
  fullPrice: string;
  availability: { status: CatalogAvailabilityStatus; quantityAvailable?: number };
  /** The provider's reason a line that exists cannot be bought as asked (not its stock), for the buyer. */
  unavailableReason?: string;
  media?: string;
  sku?: string;
  options: Record<string, string>;
  shippable: boolean;
  fixedQuantity: boolean;
  custom: boolean;
  serviceProperties?: { scheduledDate?: string; numberOfParticipants?: number };
  /** The provider's `holding` of the item (in memory only: never stored on a line). */
  holding?: unknown;
}

export type CatalogProviders = ReadonlyMap<string, CatalogProvider>;

/** The availability a line has at its quantity: fewer left than wanted is PARTIALLY_AVAILABLE. */
function availabilityAt(
  description: CatalogItemDescription,
  quantity: number,
): DescribedLine['availability'] {
  const { status, quantityAvailable } = description.availability;
  if (status === 'AVAILABLE' && quantityAvailable !== undefined && quantityAvailable < quantity) {
    return quantityAvailable > 0
      ? { status: 'PARTIALLY_AVAILABLE', quantityAvailable }
      : { status: 'NOT_AVAILABLE', quantityAvailable: 0 };
  }
  return { status, ...(quantityAvailable !== undefined ? { quantityAvailable } : {}) };
}

/**
 * Catalog descriptions one request has read, by item and options: a request that checks new lines and
 * then shows the whole cart asks the catalog once for each item.
 */
export type KnownDescriptions = Map<string, CatalogItemDescription>;

function referenceKey(reference: NonNullable<LineDoc['catalogReference']>): string {
  return `${reference.appId}\u0000${reference.catalogItemId}\u0000${canonicalJson(reference.options ?? {})}`;
}

export async function describeLines(
  providers: CatalogProviders,
  siteId: string,
  lines: readonly LineDoc[],
  now: Date,
  known: KnownDescriptions = new Map(),
): Promise<DescribedLine[]> {
  const byApp = new Map<string, Array<NonNullable<LineDoc['catalogReference']>>>();
  for (const line of lines) {
    if (line.custom || !line.catalogReference || known.has(referenceKey(line.catalogReference))) continue;
    const list = byApp.get(line.catalogReference.appId) ?? [];
    list.push(line.catalogReference);
    byApp.set(line.catalogReference.appId, list);
  }
  await Promise.all(
    [...byApp].map(async ([appId, references]) => {
      const provider = providers.get(appId);
      if (!provider) return;
      const described = await provider.describe(siteId, references, now);
      references.forEach((reference, index) => known.set(referenceKey(reference), described[index]!));
    }),
  );
  return lines.map((line) => {
    if (line.custom) {
      return {
        line,
        name: line.custom.productName,
        itemType: line.custom.itemType,
        price: line.custom.price,
        fullPrice: line.custom.fullPrice ?? line.custom.price,
        availability: { status: 'AVAILABLE' },
        ...(line.custom.media ? { media: line.custom.media } : {}),
        ...(line.custom.sku ? { sku: line.custom.sku } : {}),
        options: {},
        shippable: line.custom.shippable ?? line.custom.itemType.preset === 'PHYSICAL',
        fixedQuantity: false,
        custom: true,
      };
    }
    const description = line.catalogReference ? known.get(referenceKey(line.catalogReference)) : undefined;
    const item = description?.item;
    if (!description || !item) {
      return {
        line,
        name: '',
        itemType: { preset: 'PHYSICAL' },
        price: '0',
        fullPrice: '0',
        availability: { status: 'NOT_FOUND' },
        options: {},
        shippable: false,
        fixedQuantity: false,
        custom: false,
      };
    }
    return {
      line,
      name: item.name,
      itemType: { preset: item.itemType },
      price: item.price,
      fullPrice: item.fullPrice,
      availability: availabilityAt(description, line.quantity),
      ...(description.availability.reason ? { unavailableReason: description.availability.reason } : {}),
      ...(item.media ? { media: item.media.url } : {}),
      ...(item.sku ? { sku: item.sku } : {}),
      options: item.options,
      shippable: item.itemType === 'PHYSICAL',
      fixedQuantity: item.fixedQuantity ?? false,
      custom: false,
      ...(item.serviceProperties ? { serviceProperties: item.serviceProperties } : {}),
      ...(description.holding !== undefined ? { holding: description.holding } : {}),
    };
  });
}

/** Whether two references name the same item with the same options (then adding one adds quantity). */
export function sameReference(a: LineDoc, b: LineDoc): boolean {
  if (a.custom || b.custom || !a.catalogReference || !b.catalogReference) return false;
  return (
    a.catalogReference.appId === b.catalogReference.appId &&
    a.catalogReference.catalogItemId === b.catalogReference.catalogItemId &&
    canonicalJson(a.catalogReference.options ?? {}) === canonicalJson(b.catalogReference.options ?? {})
  );
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}
