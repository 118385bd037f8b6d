/**
 * How a domain event becomes a webhook message: which entity it is about (the ordering key) and its thin
 * payload. Generic over every module's events, which carry the entity as the wire shows it (`{booking}`,
 * `{order}`, `{dataItem}`, `{entity}`) or, on delete, its id (`{cartId}`, `{dataItemId}`, `{entityId}`).
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function idOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  const id = value.id ?? value._id;
  return typeof id === 'string' ? id : undefined;
}

/**
 * The id of the entity an event is about: the first top-level object with an id, else the last
 * top-level `…Id` string (`{dataCollectionId, dataItemId}` is about the item), else the event itself
 * (no ordering with other events). Created, updated and deleted events of one entity give the same key.
 */
export function entityKeyOf(eventId: string, data: unknown): string {
  if (!isRecord(data)) return eventId;
  for (const value of Object.values(data)) {
    const id = idOf(value);
    if (id) return id;
  }
  const idKeys = Object.keys(data).filter((key) => key.endsWith('Id') && typeof data[key] === 'string');
  const last = idKeys.at(-1);
  return last ? (data[last] as string) : eventId;
}

/** The ids of a payload: `{booking: {id}}` for an entity, `…Id` and `…Ids` fields as they are. */
export function thinDataOf(data: unknown): Record<string, unknown> {
  if (!isRecord(data)) return {};
  const thin: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const id = idOf(value);
    if (id) thin[key] = { id };
    else if (key.endsWith('Id') && typeof value === 'string') thin[key] = value;
    else if (key.endsWith('Ids') && Array.isArray(value)) thin[key] = value;
  }
  return thin;
}
