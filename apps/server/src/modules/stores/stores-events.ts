import type { Tx } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/bus/types.ts';
import { stockHoldKind } from './stock.ts';

/**
 * Domain events of the store catalog (`stores.<entity>.<past-tense verb>`), written in the caller's
 * transaction. Payloads: `{entity}` on create and update, `{entityId}` on delete.
 */
export const storesEvents = {
  productCreated: 'stores.product.created',
  productUpdated: 'stores.product.updated',
  productDeleted: 'stores.product.deleted',
  variantsChanged: 'stores.product.variants_changed',
  collectionCreated: 'stores.collection.created',
  collectionUpdated: 'stores.collection.updated',
  collectionDeleted: 'stores.collection.deleted',
  brandCreated: 'stores.brand.created',
  brandUpdated: 'stores.brand.updated',
  brandDeleted: 'stores.brand.deleted',
  ribbonCreated: 'stores.ribbon.created',
  ribbonUpdated: 'stores.ribbon.updated',
  ribbonDeleted: 'stores.ribbon.deleted',
  customizationCreated: 'stores.customization.created',
  customizationUpdated: 'stores.customization.updated',
  customizationDeleted: 'stores.customization.deleted',
  infoSectionCreated: 'stores.info_section.created',
  infoSectionUpdated: 'stores.info_section.updated',
  infoSectionDeleted: 'stores.info_section.deleted',
  inventoryItemCreated: 'stores.inventory_item.created',
  inventoryItemUpdated: 'stores.inventory_item.updated',
  inventoryItemDeleted: 'stores.inventory_item.deleted',
  /**
   * A stock hold (`stockHoldKind` in stock.ts: an unpaid order's, or a checkout's while it is paid) ran out
   * and the platform's holds sweep released it: the sweep emits `<kind>.hold.expired` with `{hold}`.
   */
  holdExpired: `${stockHoldKind}.hold.expired`,
} as const;
export type StoresEventName = (typeof storesEvents)[keyof typeof storesEvents];

export type PublishStoresEvent = (
  tx: Tx,
  siteId: string,
  name: StoresEventName,
  data: unknown,
) => Promise<void>;

/** The one place the catalog's events go through; without a bus (tools) it is a no-op. */
export function createStoresEventPublisher(bus: Pick<EventBus, 'emit'> | undefined): PublishStoresEvent {
  return async (tx, siteId, name, data) => {
    if (!bus) return;
    await bus.emit(tx, { name, siteId, data });
  };
}
