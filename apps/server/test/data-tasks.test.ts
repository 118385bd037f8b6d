import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTestApp, inject, type TestApp } from './test-app.ts';
import { createCollection, get, ownerCaller, post, staff } from './data-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

interface Task {
  id: string;
  status: string;
  estimatedItemCount: number;
  itemsSucceeded: number;
  itemsFailed: number;
  failures: Array<{ code: string }>;
}

async function finished(taskId: string): Promise<Task> {
  for (let attempt = 0; attempt < 2400; attempt += 1) {
    const response = await get(t, `/data/v1/tasks/${taskId}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    if (['COMPLETED', 'FAILED'].includes(response.body.task.status)) return response.body.task;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`task ${taskId} did not finish`);
}

async function runTask(task: Record<string, unknown>): Promise<Task> {
  const created = await post(t, '/data/v1/tasks', { task });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.task.status).toBe('NEW');
  return finished(created.body.task.id);
}

async function fill(collectionId: string, count: number, make: (i: number) => Record<string, unknown>) {
  for (let start = 0; start < count; start += 1000) {
    const dataItems = Array.from({ length: Math.min(1000, count - start) }, (_, k) => ({
      data: make(start + k),
    }));
    const response = await post(t, '/data/v2/bulk/items/insert', {
      dataCollectionId: collectionId,
      dataItems,
    });
    expect(response.status).toBe(200);
  }
}

async function count(collectionId: string, filter?: unknown, caller = ownerCaller) {
  const response = await post(
    t,
    '/data/v2/items/count',
    { dataCollectionId: collectionId, filter, publishPluginOptions: { includeDraftItems: true } },
    caller,
  );
  return response.body.totalCount as number;
}

describe('POST /data/v1/tasks', () => {
  it('deletes by query in batches with exact counts, leaving the other items', async () => {
    await createCollection(t, { id: 'TaskDel', fields: [{ key: 'n', type: 'NUMBER' }] });
    await fill('TaskDel', 1300, (i) => ({ _id: `i${String(i).padStart(5, '0')}`, n: i }));
    const task = await runTask({
      type: 'DELETE_BY_QUERY',
      deleteByQueryOptions: { dataCollectionId: 'TaskDel', filter: { n: { $lt: 1200 } } },
    });
    expect(task).toMatchObject({
      status: 'COMPLETED',
      estimatedItemCount: 1200,
      itemsSucceeded: 1200,
      itemsFailed: 0,
    });
    expect(await count('TaskDel')).toBe(100);
  });

  it('copies a field and edits array fields', async () => {
    await createCollection(t, {
      id: 'TaskEdit',
      fields: [
        { key: 'title', type: 'TEXT' },
        { key: 'tags', type: 'ARRAY_STRING' },
      ],
    });
    await fill('TaskEdit', 3, (i) => ({ _id: `e${i}`, title: `T${i}`, tags: ['a', 'b', 'b'] }));
    const copy = await runTask({
      type: 'COPY_FIELD_DATA',
      copyFieldDataOptions: {
        dataCollectionId: 'TaskEdit',
        sourceFieldKey: 'title',
        targetFieldKey: 'headline',
      },
    });
    expect(copy).toMatchObject({ status: 'COMPLETED', itemsSucceeded: 3 });
    const edit = await runTask({
      type: 'EDIT_FIELD_DATA',
      editFieldDataOptions: {
        dataCollectionId: 'TaskEdit',
        filter: { _id: { $ne: 'e2' } },
        fieldKey: 'tags',
        operations: {
          addItems: ['c'],
          removeItems: ['a'],
          replaceItems: [{ from: 'b', to: 'B' }],
          removeDuplicates: true,
        },
      },
    });
    expect(edit).toMatchObject({ status: 'COMPLETED', itemsSucceeded: 2 });
    const e0 = (await get(t, '/data/v2/items/e0?dataCollectionId=TaskEdit')).body.dataItem.data;
    expect(e0).toMatchObject({ headline: 'T0', tags: ['B', 'c'] });
    const e2 = (await get(t, '/data/v2/items/e2?dataCollectionId=TaskEdit')).body.dataItem.data;
    expect(e2.tags).toEqual(['a', 'b', 'b']);
  });

  it('lists, gets and cancels tasks; refuses bad tasks, unknown ids, staff without a role and members', async () => {
    const missingOptions = await post(t, '/data/v1/tasks', { task: { type: 'DELETE_BY_QUERY' } });
    expect(missingOptions.status).toBe(400);
    const unknownCollection = await post(t, '/data/v1/tasks', {
      task: { type: 'DELETE_BY_QUERY', deleteByQueryOptions: { dataCollectionId: 'Nope' } },
    });
    expect(unknownCollection.status).toBe(404);
    expect((await get(t, '/data/v1/tasks/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await post(t, '/data/v1/tasks', { task: { type: 'DELETE_BY_QUERY' } }, staff)).status).toBe(403);
    expect((await get(t, '/data/v1/tasks', as('MEMBER:alice'))).status).toBe(403);

    const listed = await get(t, '/data/v1/tasks?paging.limit=2');
    expect(listed.status).toBe(200);
    expect(listed.body.tasks.length).toBeLessThanOrEqual(2);
    expect(listed.body.metadata.total).toBeGreaterThanOrEqual(3);

    const done = listed.body.tasks[0] as Task;
    const cancelDone = await inject(t.app, {
      method: 'DELETE',
      url: `/data/v1/tasks/${done.id}`,
      headers: ownerCaller,
    });
    expect(cancelDone.status).toBe(200);
    expect(cancelDone.body.task.status).toBe(done.status);
  });
});

describe('drafts and publishing', () => {
  it('shows visitors published items only, staff drafts when asked, and scheduled changes at their instant', async () => {
    await createCollection(t, {
      id: 'Posts2',
      fields: [{ key: 'title', type: 'TEXT' }],
      permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
    });
    await post(t, '/data/v2/collections/add-publish-plugin', {
      dataCollectionId: 'Posts2',
      publishOptions: { defaultStatus: 'DRAFT' },
    });
    await fill('Posts2', 4, (i) => ({ _id: `p${i}`, title: `Post ${i}` }));
    const visitor = as('ANONYMOUS_VISITOR');
    expect(await count('Posts2', undefined, visitor)).toBe(0);
    expect(await count('Posts2')).toBe(4);
    const withoutAsking = await post(t, '/data/v2/items/count', { dataCollectionId: 'Posts2' });
    expect(withoutAsking.body.totalCount).toBe(0);

    const publish = await runTask({
      type: 'UPDATE_PUBLISH_STATUS',
      updatePublishStatusOptions: {
        dataCollectionId: 'Posts2',
        filter: { _id: { $in: ['p0', 'p1'] } },
        operation: 'SET_PUBLISHED_STATUS',
      },
    });
    expect(publish).toMatchObject({ status: 'COMPLETED', itemsSucceeded: 2 });
    const query = await post(t, '/data/v2/items/query', { dataCollectionId: 'Posts2', query: {} }, visitor);
    expect(query.body.dataItems.map((item: { id: string }) => item.id).sort()).toEqual(['p0', 'p1']);
    expect((await get(t, '/data/v2/items/p2?dataCollectionId=Posts2', visitor)).body).toEqual({});

    // A schedule in the past is in force at once, whatever job has or has not run since.
    const past = new Date(Date.now() - 60_000).toISOString();
    await runTask({
      type: 'UPDATE_PUBLISH_STATUS',
      updatePublishStatusOptions: {
        dataCollectionId: 'Posts2',
        filter: { _id: 'p2' },
        operation: 'SCHEDULE_PUBLISHED_STATUS',
        schedulePublishedStatusOptions: { date: past },
      },
    });
    await runTask({
      type: 'UPDATE_PUBLISH_STATUS',
      updatePublishStatusOptions: {
        dataCollectionId: 'Posts2',
        filter: { _id: 'p0' },
        operation: 'SCHEDULE_DRAFT_STATUS',
        scheduleDraftStatusOptions: { date: new Date(Date.now() + 3_600_000).toISOString() },
      },
    });
    const ids = async () =>
      (
        await post(t, '/data/v2/items/query', { dataCollectionId: 'Posts2', query: {} }, visitor)
      ).body.dataItems
        .map((item: { id: string }) => item.id)
        .sort();
    expect(await ids()).toEqual(['p0', 'p1', 'p2']);
    expect((await get(t, '/data/v2/items/p2?dataCollectionId=Posts2', visitor)).body.dataItem.id).toBe('p2');

    const bad = await post(t, '/data/v2/items', {
      dataCollectionId: 'Posts2',
      dataItem: { data: { title: 'x', _publishStatus: 'LATER' } },
    });
    expect(bad.status).toBe(400);
  });

  it('gives every item of a urlized collection a unique slug', async () => {
    await createCollection(t, {
      id: 'Pages2',
      displayField: 'title',
      fields: [{ key: 'title', type: 'TEXT' }],
    });
    await post(t, '/data/v2/collections/add-urlized-plugin', {
      dataCollectionId: 'Pages2',
      urlizedOptions: { format: 'PLAIN' },
    });
    await fill('Pages2', 2, (i) => ({ _id: `u${i}`, title: 'Crème brûlée!' }));
    const slugs = (
      await post(t, '/data/v2/items/query', { dataCollectionId: 'Pages2', query: {} })
    ).body.dataItems.map((item: { data: { _urlSlug: string } }) => item.data._urlSlug);
    expect(slugs.sort()).toEqual(['creme-brulee-u0', 'creme-brulee-u1']);
  });
});
