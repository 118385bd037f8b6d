import { z } from 'zod';

/** Tasks over any number of items of a collection (spec data-commerce §4): types, statuses, publish operations. */
export const taskTypes = [
  'DELETE_BY_QUERY',
  'COPY_FIELD_DATA',
  'EDIT_FIELD_DATA',
  'UPDATE_PUBLISH_STATUS',
] as const;
export const taskStatuses = ['NEW', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export const publishOperations = [
  'SET_PUBLISHED_STATUS',
  'SET_DRAFT_STATUS',
  'SCHEDULE_PUBLISHED_STATUS',
  'SCHEDULE_DRAFT_STATUS',
  'CANCEL_SCHEDULING',
] as const;
export type TaskType = (typeof taskTypes)[number];
export type TaskStatus = (typeof taskStatuses)[number];
export type PublishOperation = (typeof publishOperations)[number];

export const dataTaskErrorCodes = {
  taskNotFound: 'TASK_NOT_FOUND',
  /** The task's options do not match its type (a DELETE_BY_QUERY without `deleteByQueryOptions`). */
  invalidTask: 'INVALID_TASK',
} as const;

const environment = z.enum(['LIVE', 'SANDBOX', 'SANDBOX_PREFERRED']).nullish();
const collectionId = z.string().min(1).max(256);
const fieldKey = z.string().min(1).max(500);
const filter = z.record(z.string(), z.unknown()).nullish();

export const deleteByQueryOptionsSchema = z.object({
  dataCollectionId: collectionId,
  environment,
  filter,
  publishPluginOptions: z.object({ includeDraftItems: z.boolean().nullish() }).nullish(),
});
export const copyFieldDataOptionsSchema = z.object({
  dataCollectionId: collectionId,
  environment,
  sourceFieldKey: fieldKey,
  targetFieldKey: fieldKey,
});
export const editFieldDataOptionsSchema = z.object({
  dataCollectionId: collectionId,
  environment,
  filter,
  fieldKey,
  operations: z
    .object({
      addItems: z.array(z.unknown()).max(1000).nullish(),
      removeItems: z.array(z.unknown()).max(1000).nullish(),
      replaceItems: z
        .array(z.object({ from: z.unknown(), to: z.unknown() }))
        .max(1000)
        .nullish(),
      removeDuplicates: z.boolean().nullish(),
    })
    .nullish(),
});
const scheduleSchema = z.object({ date: z.iso.datetime({ offset: true }) });
export const updatePublishStatusOptionsSchema = z.object({
  dataCollectionId: collectionId,
  environment,
  filter,
  operation: z.enum(publishOperations),
  schedulePublishedStatusOptions: scheduleSchema.nullish(),
  scheduleDraftStatusOptions: scheduleSchema.nullish(),
});

/**
 * A task as it is asked for. Example:
 * `{"type": "DELETE_BY_QUERY", "deleteByQueryOptions": {"dataCollectionId": "Posts", "filter": {"views": {"$lt": 10}}}}`.
 */
export const taskInputSchema = z.object({
  type: z.enum(taskTypes),
  deleteByQueryOptions: deleteByQueryOptionsSchema.nullish(),
  copyFieldDataOptions: copyFieldDataOptionsSchema.nullish(),
  editFieldDataOptions: editFieldDataOptionsSchema.nullish(),
  updatePublishStatusOptions: updatePublishStatusOptionsSchema.nullish(),
});
export type TaskInput = z.infer<typeof taskInputSchema>;

const failureSchema = z.object({
  code: z.string(),
  description: z.string(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

export const dataTaskSchema = taskInputSchema.extend({
  id: z.string(),
  status: z.enum(taskStatuses),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Items matching when the task started. */
  estimatedItemCount: z.number().int(),
  itemsSucceeded: z.number().int(),
  itemsFailed: z.number().int(),
  /** The first failures (at most 100), each with the item's id in `data.dataItemId`. */
  failures: z.array(failureSchema),
  /** Whether it was canceled (it then ends FAILED with the items done so far counted). */
  canceled: z.boolean(),
});
export type DataTask = z.infer<typeof dataTaskSchema>;

export const createTaskRequestSchema = z.object({ task: taskInputSchema });
export const taskResponseSchema = z.object({ task: dataTaskSchema });
export const listTasksQuerySchema = z.object({
  'paging.limit': z.coerce.number().int().positive().max(1000).optional(),
  'paging.offset': z.coerce.number().int().nonnegative().optional(),
});
export const listTasksResponseSchema = z.object({
  tasks: z.array(dataTaskSchema),
  metadata: z.object({ count: z.number().int(), offset: z.number().int(), total: z.number().int() }),
});
