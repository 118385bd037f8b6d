import type { FieldModification } from '@atrium/contract/data';
import type { PublishOperation } from '@atrium/contract/data-tasks';
import type { FieldViolation } from '@atrium/contract/errors';
import type { Caller } from '../../platform/context.ts';

/**
 * The publish plugin (README "Drafts and publishing"): an item's status and its scheduled change live in
 * the item, and whether it is published is decided at read time from them and the clock, so a scheduled
 * change is right at its instant whether or not a job has run.
 */
export const publishFields = {
  status: '_publishStatus',
  scheduledPublish: '_scheduledPublishDate',
  scheduledDraft: '_scheduledDraftDate',
} as const;

type Plugin = { type: string } & Record<string, unknown>;

export function publishPluginOf(
  plugins: readonly Plugin[],
): { defaultStatus: 'PUBLISHED' | 'DRAFT' } | undefined {
  const plugin = plugins.find((entry) => entry.type === 'PUBLISH');
  if (!plugin) return undefined;
  const options = plugin.publishOptions as { defaultStatus?: string | null } | undefined;
  return { defaultStatus: options?.defaultStatus === 'DRAFT' ? 'DRAFT' : 'PUBLISHED' };
}

/** Staff and apps may ask for drafts (`showDrafts`, `publishPluginOptions.includeDraftItems`); others never see them. */
export function maySeeDrafts(caller: Caller): boolean {
  return caller.identityType === 'WIX_USER' || caller.identityType === 'APP';
}

function dateOf(value: unknown): number | undefined {
  const iso = value && typeof value === 'object' ? (value as { $date?: unknown }).$date : undefined;
  const time = typeof iso === 'string' ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? undefined : time;
}

/** Whether an item is published at `now` (an item from before the plugin, with no status, is published). */
export function isPublishedAt(data: Record<string, unknown>, now: Date): boolean {
  const publishAt = dateOf(data[publishFields.scheduledPublish]);
  if (publishAt !== undefined && publishAt <= now.getTime()) return true;
  const draftAt = dateOf(data[publishFields.scheduledDraft]);
  if (draftAt !== undefined && draftAt <= now.getTime()) return false;
  return data[publishFields.status] !== 'DRAFT';
}

/** `isPublishedAt` as a filter of the query language, for queries, counts and the other reads. */
export function publishedFilter(now: Date): Record<string, unknown> {
  const at = { $date: now.toISOString() };
  return {
    $or: [
      { [publishFields.scheduledPublish]: { $lte: at } },
      {
        $and: [
          { $or: [{ [publishFields.status]: { $exists: false } }, { [publishFields.status]: 'PUBLISHED' }] },
          {
            $or: [
              { [publishFields.scheduledDraft]: { $exists: false } },
              { [publishFields.scheduledDraft]: { $gt: at } },
            ],
          },
        ],
      },
    ],
  };
}

/**
 * A write into a collection with the publish plugin: an item without a status gets the plugin's default;
 * a status other than PUBLISHED or DRAFT is refused.
 */
export function withPublishStatus(
  data: Record<string, unknown>,
  plugin: { defaultStatus: 'PUBLISHED' | 'DRAFT' },
  prefix: string,
): { data: Record<string, unknown> } | { violation: FieldViolation } {
  const status = data[publishFields.status];
  if (status === undefined || status === null)
    return { data: { ...data, [publishFields.status]: plugin.defaultStatus } };
  if (status !== 'PUBLISHED' && status !== 'DRAFT') {
    return {
      violation: {
        field: `${prefix}${publishFields.status}`,
        description: 'must be PUBLISHED or DRAFT',
        violatedRule: 'INVALID_ENUM_VALUE',
      },
    };
  }
  return { data };
}

/** The field changes of an UPDATE_PUBLISH_STATUS task's operation (one scheduled change at a time). */
export function publishFieldChanges(
  options: {
    operation: PublishOperation;
    schedulePublishedStatusOptions?: { date: string } | null;
    scheduleDraftStatusOptions?: { date: string } | null;
  },
  now: Date,
): FieldModification[] {
  const set = (fieldPath: string, value: unknown): FieldModification => ({
    fieldPath,
    action: 'SET_FIELD',
    setFieldOptions: { value },
  });
  const remove = (fieldPath: string): FieldModification => ({ fieldPath, action: 'REMOVE_FIELD' });
  const at = (date: string | undefined) => ({ $date: new Date(date ?? now.toISOString()).toISOString() });
  switch (options.operation) {
    case 'SET_PUBLISHED_STATUS':
      return [
        set(publishFields.status, 'PUBLISHED'),
        remove(publishFields.scheduledPublish),
        remove(publishFields.scheduledDraft),
      ];
    case 'SET_DRAFT_STATUS':
      return [
        set(publishFields.status, 'DRAFT'),
        remove(publishFields.scheduledPublish),
        remove(publishFields.scheduledDraft),
      ];
    case 'SCHEDULE_PUBLISHED_STATUS':
      return [
        set(publishFields.scheduledPublish, at(options.schedulePublishedStatusOptions?.date)),
        remove(publishFields.scheduledDraft),
      ];
    case 'SCHEDULE_DRAFT_STATUS':
      return [
        set(publishFields.scheduledDraft, at(options.scheduleDraftStatusOptions?.date)),
        remove(publishFields.scheduledPublish),
      ];
    case 'CANCEL_SCHEDULING':
      return [remove(publishFields.scheduledPublish), remove(publishFields.scheduledDraft)];
  }
}

/** The urlized plugin's slug: the display text made URL-safe, ended by the item id (so unique per collection). */
export function urlSlug(text: unknown, itemId: string, format: 'ORIGINAL' | 'PLAIN'): string {
  let base = typeof text === 'string' ? text : '';
  if (format === 'PLAIN') base = base.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  base = base
    .toLowerCase()
    .replace(format === 'PLAIN' ? /[^a-z0-9]+/g : /[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  const id = encodeURIComponent(itemId);
  return base ? `${base}-${id}` : id;
}
