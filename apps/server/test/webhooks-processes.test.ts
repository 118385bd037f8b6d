// Webhooks with several server processes on one PostgreSQL database: two workers share the deliveries
// without sending one attempt twice and keep each entity's order, and a worker killed with SIGKILL
// while a retry waits loses nothing. PGlite cannot be shared between processes (one process owns the
// embedded database), so these run only when DATABASE_URL names a PostgreSQL server; on PGlite they are
// reported as skipped with that reason.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../src/app.ts';
import { testConfig } from '../src/platform/config.ts';
import { createTestDatabase, type TestApp } from './test-app.ts';
import { createCollection, post } from './data-helpers.ts';
import { startReceiver, subscribe, waitUntil, webhooksCall, type Receiver } from './webhooks-helpers.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const childScript = path.join(path.dirname(fileURLToPath(import.meta.url)), 'webhooks-child-process.ts');

function startChild(databaseUrl: string, env: Record<string, string> = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', childScript], {
    env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr!.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output}`)), 90_000);
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('ready\n')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}:\n${output}`));
    });
  });
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

describe.skipIf(!onPostgres)(
  'webhooks with several server processes on one PostgreSQL (skipped on PGlite: one process owns the embedded database)',
  () => {
    let t: TestApp;
    let databaseUrl: string;
    let receiver: Receiver;
    const children: ChildProcess[] = [];
    let drop: () => Promise<void>;

    beforeAll(async () => {
      const created = await createTestDatabase();
      databaseUrl = created.databaseUrl!;
      drop = created.drop;
      // A web-only app in this process takes the API calls and emits; the child processes send.
      const config = testConfig({
        DATABASE_URL: databaseUrl,
        WORKER_ENABLED: 'false',
        WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      });
      const app: App = await buildApp({ config, database: created.database });
      await app.ready();
      t = { app, config, databaseUrl, close: () => app.close() };
      receiver = await startReceiver();
      await createCollection(t, { id: 'Notes', fields: [{ key: 'n', type: 'NUMBER' }] });
    }, 180_000);

    afterAll(async () => {
      for (const child of children) await stopChild(child);
      await receiver?.close();
      await t?.close();
      await drop?.();
    }, 60_000);

    it('never sends one attempt twice and keeps each entity in order with two worker processes', async () => {
      children.push(...(await Promise.all([startChild(databaseUrl), startChild(databaseUrl)])));
      const path = '/shared';
      await subscribe(t, { url: receiver.url(path), eventTypes: ['data_item_*'] });
      const itemCount = 20;
      const updates = 10;
      const inserted = await post(t, '/data/v2/bulk/items/insert', {
        dataCollectionId: 'Notes',
        dataItems: Array.from({ length: itemCount }, () => ({ data: { n: 0 } })),
      });
      expect(inserted.status, JSON.stringify(inserted.body)).toBe(200);
      const ids: string[] = inserted.body.results.map(
        (result: { itemMetadata: { id: string } }) => result.itemMetadata.id,
      );
      for (let n = 1; n <= updates; n += 1) {
        await Promise.all(
          ids.map((id) =>
            post(t, '/data/v2/items/update', {
              dataCollectionId: 'Notes',
              dataItem: { id, data: { _id: id, n } },
            }),
          ),
        );
      }
      const expected = itemCount * (updates + 1);
      await waitUntil('every delivery', () => receiver.at(path).length >= expected, 60_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const received = receiver.at(path);
      const webhookIds = received.map((delivery) => String(delivery.headers['webhook-id']));
      expect(received).toHaveLength(expected);
      expect(new Set(webhookIds).size).toBe(expected);
      for (const id of ids) {
        const numbers = received
          .filter((delivery) => (delivery.envelope.data as { dataItemId: string }).dataItemId === id)
          .map(
            (delivery) => (delivery.envelope.data as { dataItem: { data: { n: number } } }).dataItem.data.n,
          );
        expect(numbers).toEqual(Array.from({ length: updates + 1 }, (_, n) => n));
      }
    }, 120_000);

    it('delivers a retry that was waiting when its worker process was killed with SIGKILL, after a restart', async () => {
      for (const child of children.splice(0)) await stopChild(child);
      const worker = await startChild(databaseUrl, { WEBHOOKS_RETRY_BASE_MS: '4000' });
      children.push(worker);
      const path = '/killed';
      const { subscription } = await subscribe(t, {
        url: receiver.url(path),
        eventTypes: ['data_item_created'],
      });
      receiver.answerWith((delivery) =>
        delivery.path === path && receiver.at(path).length === 1 ? 500 : 200,
      );
      await post(t, '/data/v2/items', { dataCollectionId: 'Notes', dataItem: { data: { n: 99 } } });
      await waitUntil('the failed first attempt recorded', async () => {
        const answer = await webhooksCall(
          t,
          'GET',
          `/webhooks/v1/subscriptions/${subscription.id}/deliveries`,
        );
        const delivery = answer.body.deliveries[0];
        return delivery?.status === 'PENDING' && delivery.attemptCount === 1;
      });
      await stopChild(worker, 'SIGKILL');
      children.splice(children.indexOf(worker), 1);
      expect(receiver.at(path)).toHaveLength(1);

      children.push(await startChild(databaseUrl, { WEBHOOKS_RETRY_BASE_MS: '4000' }));
      await waitUntil('the retry after the restart', () => receiver.at(path).length >= 2, 60_000);
      const [first, second] = receiver.at(path);
      expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
      await waitUntil('the delivery recorded as succeeded', async () => {
        const answer = await webhooksCall(
          t,
          'GET',
          `/webhooks/v1/subscriptions/${subscription.id}/deliveries`,
        );
        return answer.body.deliveries[0]?.status === 'SUCCEEDED';
      });
    }, 150_000);
  },
);
