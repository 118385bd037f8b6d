import type { Tx } from '../../platform/db/database.ts';
import type { EventBus } from '../../platform/bus/types.ts';

/**
 * Lifecycle events of the bookings catalogue (`<module>.<entity>.<past-tense verb>`). Payloads follow the
 * contract's entity events: `{entity}` on create, `{entity}` on update, `{entityId, ...}` on delete.
 */
export const catalogueEvents = {
  serviceCreated: 'bookings.service.created',
  serviceUpdated: 'bookings.service.updated',
  serviceDeleted: 'bookings.service.deleted',
  staffMemberCreated: 'bookings.staff_member.created',
  staffMemberUpdated: 'bookings.staff_member.updated',
  staffMemberDeleted: 'bookings.staff_member.deleted',
  bookingPolicyCreated: 'bookings.booking_policy.created',
  bookingPolicyUpdated: 'bookings.booking_policy.updated',
  bookingPolicyDeleted: 'bookings.booking_policy.deleted',
  categoryCreated: 'bookings.category.created',
  categoryUpdated: 'bookings.category.updated',
  categoryDeleted: 'bookings.category.deleted',
  resourceCreated: 'bookings.resource.created',
  resourceUpdated: 'bookings.resource.updated',
  resourceDeleted: 'bookings.resource.deleted',
  resourceTypeCreated: 'bookings.resource_type.created',
  resourceTypeUpdated: 'bookings.resource_type.updated',
  resourceTypeDeleted: 'bookings.resource_type.deleted',
  serviceOptionsCreated: 'bookings.service_options_and_variants.created',
  serviceOptionsUpdated: 'bookings.service_options_and_variants.updated',
  serviceOptionsDeleted: 'bookings.service_options_and_variants.deleted',
  /** Working hours, time off, business hours or class sessions changed: availability must be recomputed. */
  availabilityInputsChanged: 'bookings.availability_inputs.changed',
} as const;
export type CatalogueEventName = (typeof catalogueEvents)[keyof typeof catalogueEvents];

export type PublishCatalogueEvent = (
  tx: Tx,
  siteId: string,
  name: CatalogueEventName,
  data: unknown,
) => Promise<void>;

/**
 * The single place every catalogue event goes through. It writes to the event bus inside the caller's
 * transaction, so a rolled-back change emits nothing; without a bus (tools, some tests) it is a no-op.
 */
export function createCatalogueEventPublisher(bus: EventBus | undefined): PublishCatalogueEvent {
  return async (tx, siteId, name, data) => {
    if (!bus) return;
    await bus.emit(tx, { name, siteId, data });
  };
}
