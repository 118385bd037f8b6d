/**
 * An item's publishing as the server decides it (apps/server/src/modules/data/publishing.ts `isPublishedAt`):
 * a scheduled publish that has passed publishes it, else a scheduled unpublish that has passed makes it a
 * draft, else its status does (an item without one, from before the plugin, is published). Computed at
 * `now`, so the grid is right at a schedule's instant without a job having run.
 */
export const publishFields = {
  status: '_publishStatus',
  scheduledPublish: '_scheduledPublishDate',
  scheduledDraft: '_scheduledDraftDate',
} as const;

export type PublishState =
  { kind: 'PUBLISHED'; unpublishesAt?: Date } | { kind: 'DRAFT' } | { kind: 'SCHEDULED'; publishesAt: Date };

function timeOf(value: unknown): Date | undefined {
  // The SDK decodes `{"$date"}` to a Date; an undecoded value is taken as well.
  const raw =
    value instanceof Date
      ? value
      : value && typeof value === 'object' && '$date' in value
        ? new Date(String((value as { $date: unknown }).$date))
        : typeof value === 'string'
          ? new Date(value)
          : undefined;
  return raw && !Number.isNaN(raw.getTime()) ? raw : undefined;
}

export function publishStateOf(item: Record<string, unknown>, now: Date): PublishState {
  const publishAt = timeOf(item[publishFields.scheduledPublish]);
  const draftAt = timeOf(item[publishFields.scheduledDraft]);
  if (publishAt && publishAt <= now) return { kind: 'PUBLISHED' };
  if (draftAt && draftAt <= now)
    return publishAt ? { kind: 'SCHEDULED', publishesAt: publishAt } : { kind: 'DRAFT' };
  if (item[publishFields.status] === 'DRAFT')
    return publishAt ? { kind: 'SCHEDULED', publishesAt: publishAt } : { kind: 'DRAFT' };
  return draftAt ? { kind: 'PUBLISHED', unpublishesAt: draftAt } : { kind: 'PUBLISHED' };
}

export type PublishChange =
  | { operation: 'PUBLISH' }
  | { operation: 'UNPUBLISH' }
  | { operation: 'SCHEDULE_PUBLISH'; at: Date }
  | { operation: 'SCHEDULE_UNPUBLISH'; at: Date }
  | { operation: 'CANCEL_SCHEDULE' };

/**
 * The field changes of one change, the same ones the server's UPDATE_PUBLISH_STATUS task writes
 * (`publishFieldChanges`): `undefined` removes the field. One schedule at a time.
 */
export function publishPatch(change: PublishChange): Record<string, unknown> {
  const { status, scheduledPublish, scheduledDraft } = publishFields;
  switch (change.operation) {
    case 'PUBLISH':
      return { [status]: 'PUBLISHED', [scheduledPublish]: undefined, [scheduledDraft]: undefined };
    case 'UNPUBLISH':
      return { [status]: 'DRAFT', [scheduledPublish]: undefined, [scheduledDraft]: undefined };
    case 'SCHEDULE_PUBLISH':
      return { [scheduledPublish]: change.at, [scheduledDraft]: undefined };
    case 'SCHEDULE_UNPUBLISH':
      return { [scheduledDraft]: change.at, [scheduledPublish]: undefined };
    case 'CANCEL_SCHEDULE':
      return { [scheduledPublish]: undefined, [scheduledDraft]: undefined };
  }
}

/** The publish plugin's options when a collection has it (`plugins` as the schema answers them). */
export function publishPluginOf(collection: {
  plugins?: ReadonlyArray<{ type: string } & Record<string, unknown>> | undefined;
}): { defaultStatus: 'PUBLISHED' | 'DRAFT' } | undefined {
  const plugin = collection.plugins?.find((entry) => entry.type === 'PUBLISH');
  if (!plugin) return undefined;
  const options = plugin.publishOptions as { defaultStatus?: string | null } | undefined;
  return { defaultStatus: options?.defaultStatus === 'DRAFT' ? 'DRAFT' : 'PUBLISHED' };
}
