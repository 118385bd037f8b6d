import type { DataTask, TaskInput } from '@atrium/contract/data-tasks';
import { defineModule } from '../../client.ts';
import type { WithDates } from '../../dates.ts';
import { adminCall, enc } from './admin-call.ts';

export type { DataTask, TaskInput };

const path = '/data/v1/tasks';

/**
 * Tasks over any number of items, run in batches in the background: delete by query, copy or edit field
 * data, change publish status. Needs the owner, an admin or an app with the `data.tasks` scope.
 * @example
 * const task = await client.tasks.createTask({
 *   type: 'DELETE_BY_QUERY',
 *   deleteByQueryOptions: { dataCollectionId: 'Posts', filter: { views: { $lt: 10 } } },
 * });
 * const done = await client.tasks.waitForTask(task.id); // done.itemsSucceeded
 */
export const tasks = defineModule({
  createTask:
    (context) =>
    async (task: TaskInput): Promise<WithDates<DataTask>> =>
      (
        await adminCall<{ task: DataTask }>(context, 'tasks.createTask', {
          method: 'POST',
          path,
          body: { task },
        })
      ).task,

  getTask:
    (context) =>
    async (taskId: string): Promise<WithDates<DataTask>> =>
      (
        await adminCall<{ task: DataTask }>(context, 'tasks.getTask', {
          method: 'GET',
          path: `${path}/${enc(taskId)}`,
        })
      ).task,

  listTasks:
    (context) =>
    async (paging: { limit?: number; offset?: number } = {}) =>
      adminCall<{ tasks: DataTask[]; metadata: { count: number; offset: number; total: number } }>(
        context,
        'tasks.listTasks',
        {
          method: 'GET',
          path,
          query: {
            ...(paging.limit !== undefined ? { 'paging.limit': paging.limit } : {}),
            ...(paging.offset !== undefined ? { 'paging.offset': paging.offset } : {}),
          },
        },
      ),

  /** Stops the task after its current batch; what was done stays done. */
  cancelTask:
    (context) =>
    async (taskId: string): Promise<WithDates<DataTask>> =>
      (
        await adminCall<{ task: DataTask }>(context, 'tasks.cancelTask', {
          method: 'DELETE',
          path: `${path}/${enc(taskId)}`,
        })
      ).task,

  /** Polls until the task is COMPLETED or FAILED. */
  waitForTask:
    (context) =>
    async (taskId: string, options: { timeoutMs?: number } = {}): Promise<WithDates<DataTask>> => {
      const deadline = Date.now() + (options.timeoutMs ?? 300_000);
      for (;;) {
        const { task } = await adminCall<{ task: DataTask }>(context, 'tasks.waitForTask', {
          method: 'GET',
          path: `${path}/${enc(taskId)}`,
        });
        if (task.status === 'COMPLETED' || task.status === 'FAILED') return task;
        if (Date.now() > deadline) throw new Error(`Task ${taskId} is still ${task.status}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
});
