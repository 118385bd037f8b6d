import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { FieldModification } from '@atrium/contract/data';
import {
  dataTaskErrorCodes,
  type DataTask,
  type TaskInput,
  type TaskStatus,
} from '@atrium/contract/data-tasks';
import type { Site } from '@atrium/contract/sites';
import { systemClock, type Caller, type RequestContext } from '../../../platform/context.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { EventBus } from '../../../platform/bus/types.ts';
import { AppError, forbidden } from '../../../platform/errors/app-error.ts';
import { canManageSchema } from '../data-permissions.ts';
import type { BulkItemsService } from '../items-bulk.service.ts';
import type { ItemsService } from '../items.service.ts';
import { publishFieldChanges } from '../publishing.ts';
import { editArray } from './field-edits.ts';
import type { TasksRepository } from './tasks.repository.ts';
import type { DataTaskRow } from './tasks.tables.ts';

export const taskJobName = 'data.task';
/** Items per batch: one bulk call (one transaction) each, so reads and writes go on between batches. */
export const taskBatchSize = 500;
/** Failures kept on a task (the counts count all of them). */
export const maxTaskFailures = 100;

type Failure = { code: string; description: string; data?: Record<string, unknown> };
type ItemData = Record<string, unknown>;

const silentLog = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silentLog,
};

function toWireTask(row: DataTaskRow): DataTask {
  const input = row.input as TaskInput;
  return {
    ...input,
    id: row.id,
    status: row.status as TaskStatus,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    estimatedItemCount: row.estimatedItemCount,
    itemsSucceeded: row.itemsSucceeded,
    itemsFailed: row.itemsFailed,
    failures: row.failures,
    canceled: row.canceled,
  };
}

function taskNotFound(taskId: string): AppError {
  return new AppError(404, dataTaskErrorCodes.taskNotFound, `Task ${taskId} does not exist`, {
    data: { taskId },
  });
}

/** The options object of the task's type, which must be there. */
function optionsOf(input: TaskInput) {
  const options = {
    DELETE_BY_QUERY: input.deleteByQueryOptions,
    COPY_FIELD_DATA: input.copyFieldDataOptions,
    EDIT_FIELD_DATA: input.editFieldDataOptions,
    UPDATE_PUBLISH_STATUS: input.updatePublishStatusOptions,
  }[input.type];
  if (!options) {
    const key = `${input.type.toLowerCase().replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}Options`;
    throw new AppError(400, dataTaskErrorCodes.invalidTask, `A ${input.type} task needs task.${key}`, {
      fieldViolations: [
        { field: `task.${key}`, description: 'required for this type', violatedRule: 'REQUIRED_FIELD' },
      ],
    });
  }
  return options;
}

function filterOf(input: TaskInput): Record<string, unknown> | undefined {
  const options = optionsOf(input) as { filter?: Record<string, unknown> | null };
  return options.filter ?? undefined;
}

export function createTasksService(deps: {
  database: Database;
  repository: TasksRepository;
  items: ItemsService;
  bulk: BulkItemsService;
  events: Pick<EventBus, 'defineJob' | 'schedule'>;
  log?: FastifyBaseLogger;
}) {
  const { repository } = deps;

  function taskContext(row: DataTaskRow): RequestContext {
    return {
      requestId: `data-task:${row.id}`,
      site: row.site as Site,
      caller: row.caller as Caller,
      log: deps.log ?? (silentLog as unknown as FastifyBaseLogger),
      now: systemClock.now,
    };
  }

  /** The next batch of matching items after `afterId`, in `_id` order (keyset: never OFFSET). */
  async function nextBatch(ctx: RequestContext, input: TaskInput, afterId: string | null) {
    const collectionId = optionsOf(input).dataCollectionId;
    const filter = filterOf(input);
    const conditions = [filter, afterId === null ? undefined : { _id: { $gt: afterId } }].filter(Boolean);
    const result = await deps.items.query(ctx, collectionId, {
      query: {
        filter:
          conditions.length === 0
            ? undefined
            : conditions.length === 1
              ? conditions[0]
              : { $and: conditions },
        sort: [{ fieldName: '_id', order: 'ASC' }],
        paging: { limit: taskBatchSize },
      } as never,
      includes: [],
      drafts:
        input.type === 'DELETE_BY_QUERY'
          ? input.deleteByQueryOptions?.publishPluginOptions?.includeDraftItems === true
          : true,
    });
    return result.dataItems.map((item) => ({ id: item.id, data: item.data as ItemData }));
  }

  /** The field changes a task makes to one item; null when it leaves the item as it is. */
  function modificationsFor(input: TaskInput, data: ItemData, now: Date): FieldModification[] | null {
    if (input.type === 'COPY_FIELD_DATA') {
      const { sourceFieldKey, targetFieldKey } = input.copyFieldDataOptions!;
      return sourceFieldKey in data
        ? [
            {
              fieldPath: targetFieldKey,
              action: 'SET_FIELD',
              setFieldOptions: { value: data[sourceFieldKey] },
            },
          ]
        : [{ fieldPath: targetFieldKey, action: 'REMOVE_FIELD' }];
    }
    if (input.type === 'EDIT_FIELD_DATA') {
      const { fieldKey, operations } = input.editFieldDataOptions!;
      const edited = editArray(data[fieldKey], operations ?? {});
      return edited === undefined
        ? null
        : [{ fieldPath: fieldKey, action: 'SET_FIELD', setFieldOptions: { value: edited } }];
    }
    return publishFieldChanges(input.updatePublishStatusOptions!, now);
  }

  async function runBatch(
    ctx: RequestContext,
    input: TaskInput,
    batch: Array<{ id: string; data: ItemData }>,
  ) {
    const collectionId = optionsOf(input).dataCollectionId;
    const failures: Failure[] = [];
    let succeeded = 0;
    const collect = (
      results: Array<{
        itemMetadata: { id: string | null; success: boolean; error?: { code: string; description: string } };
      }>,
    ) => {
      for (const result of results) {
        if (result.itemMetadata.success) succeeded += 1;
        else
          failures.push({
            code: result.itemMetadata.error?.code ?? 'WD_UNKNOWN_ERROR',
            description: result.itemMetadata.error?.description ?? 'failed',
            data: { dataItemId: result.itemMetadata.id },
          });
      }
    };
    if (input.type === 'DELETE_BY_QUERY') {
      collect(
        (
          await deps.bulk.remove(
            ctx,
            collectionId,
            batch.map((item) => item.id),
          )
        ).results,
      );
    } else {
      const patches = batch.flatMap((item) => {
        const fieldModifications = modificationsFor(input, item.data, ctx.now());
        return fieldModifications ? [{ dataItemId: item.id, fieldModifications }] : [];
      });
      succeeded += batch.length - patches.length;
      if (patches.length > 0)
        collect((await deps.bulk.patch(ctx, collectionId, patches, { returnEntity: false })).results);
    }
    return { succeeded, failed: failures.length, failures };
  }

  /**
   * Runs a task batch by batch, each batch its own transaction, saving counts after each one (so it can be
   * watched, and a rerun after a crash goes on from the last saved item). A failing batch (a permission
   * withdrawn meanwhile) ends the task FAILED with what was done counted.
   */
  async function run(taskId: string): Promise<void> {
    let row = await repository.findById(taskId);
    if (!row || row.status === 'COMPLETED' || row.status === 'FAILED') return;
    const ctx = taskContext(row);
    const input = row.input as TaskInput;
    try {
      if (row.status === 'NEW') {
        const { totalCount } = await deps.items.count(
          ctx,
          optionsOf(input).dataCollectionId,
          filterOf(input),
          true,
        );
        row = (await repository.update(taskId, {
          status: 'RUNNING',
          startedAt: new Date(),
          estimatedItemCount: totalCount,
        }))!;
      }
      let afterId = row.lastItemId;
      for (;;) {
        const current = await repository.findById(taskId);
        if (!current || current.canceled) break;
        const batch = await nextBatch(ctx, input, afterId);
        if (batch.length === 0) break;
        const outcome = await runBatch(ctx, input, batch);
        afterId = batch[batch.length - 1]!.id;
        await repository.addBatch(taskId, { ...outcome, lastItemId: afterId }, maxTaskFailures);
      }
      const last = await repository.findById(taskId);
      await repository.update(taskId, {
        status: last?.canceled ? 'FAILED' : 'COMPLETED',
        finishedAt: new Date(),
      });
    } catch (error) {
      deps.log?.error({ err: error, taskId }, 'data task failed');
      const failure = {
        code: error instanceof AppError ? error.code : 'WD_UNKNOWN_ERROR',
        description: error instanceof AppError ? error.message : 'The task failed; see the server log',
      };
      const current = await repository.findById(taskId);
      await repository.update(taskId, {
        status: 'FAILED',
        finishedAt: new Date(),
        failures: [...(current?.failures ?? []), failure].slice(0, maxTaskFailures),
      });
    }
  }

  deps.events.defineJob<{ taskId: string }>(taskJobName, (job) => run(job.data.taskId), {
    retryLimit: 1,
    expireInSeconds: 4 * 3600,
  });

  function requireManager(ctx: RequestContext) {
    if (!canManageSchema(ctx.caller)) throw forbidden('Only the site owner, admins and apps run data tasks');
  }

  async function load(ctx: RequestContext, taskId: string) {
    const row = await repository.find(ctx.site.id, taskId);
    if (!row) throw taskNotFound(taskId);
    return row;
  }

  return {
    async create(ctx: RequestContext, input: TaskInput) {
      requireManager(ctx);
      const options = optionsOf(input);
      // The collection must exist and the caller may read it now; each batch checks its write permission.
      await deps.items.count(ctx, options.dataCollectionId, filterOf(input), true);
      const row = await deps.database.transaction(async (tx) => {
        const inserted = await repository.insert(
          {
            id: randomUUID(),
            siteId: ctx.site.id,
            type: input.type,
            status: 'NEW',
            input,
            site: ctx.site,
            caller: ctx.caller,
          },
          tx,
        );
        await deps.events.schedule(tx, {
          name: taskJobName,
          siteId: ctx.site.id,
          data: { taskId: inserted.id },
        });
        return inserted;
      });
      return { task: toWireTask(row) };
    },

    async get(ctx: RequestContext, taskId: string) {
      requireManager(ctx);
      return { task: toWireTask(await load(ctx, taskId)) };
    },

    async list(ctx: RequestContext, paging: { limit?: number; offset?: number }) {
      requireManager(ctx);
      const page = { limit: paging.limit ?? 50, offset: paging.offset ?? 0 };
      const { rows, total } = await repository.list(ctx.site.id, page);
      return { tasks: rows.map(toWireTask), metadata: { count: rows.length, offset: page.offset, total } };
    },

    /** Stops a task after its current batch (what was done stays done); a finished task is unchanged. */
    async cancel(ctx: RequestContext, taskId: string) {
      requireManager(ctx);
      const row = await load(ctx, taskId);
      if (row.status === 'COMPLETED' || row.status === 'FAILED') return { task: toWireTask(row) };
      const changes =
        row.status === 'NEW'
          ? { canceled: true, status: 'FAILED', finishedAt: ctx.now() }
          : { canceled: true };
      return { task: toWireTask((await repository.update(taskId, changes))!) };
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
