import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEnvelope } from '@atrium/contract/webhooks';
import { inject, owner, type TestApp } from './test-app.ts';

export interface ReceivedDelivery {
  headers: http.IncomingHttpHeaders;
  body: string;
  envelope: WebhookEnvelope;
  receivedAt: number;
  /** Which receiver path it came to (one receiver serves several subscriptions). */
  path: string;
}

/**
 * A local webhook receiver: records every request and answers what `answer` says (200 by default),
 * so tests can make it fail, vanish (410) or recover.
 */
export async function startReceiver() {
  const received: ReceivedDelivery[] = [];
  let answer: (delivery: ReceivedDelivery) => number = () => 200;
  const server = http.createServer(async (request, response) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const delivery = {
      headers: request.headers,
      body,
      envelope: JSON.parse(body) as WebhookEnvelope,
      receivedAt: Date.now(),
      path: request.url ?? '/',
    };
    received.push(delivery);
    const status = answer(delivery);
    response.writeHead(status, { 'content-type': 'text/plain' }).end(`answered ${status}`);
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/') => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((delivery) => delivery.path === path),
    answerWith(rule: (delivery: ReceivedDelivery) => number) {
      answer = rule;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** Calls a webhooks route as `headers` (the default site's owner when absent). */
export function webhooksCall(
  t: TestApp,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = owner,
) {
  return inject(t.app, {
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/** Subscribes `url` to `eventTypes` as the owner; the subscription and its secret. */
export async function subscribe(
  t: TestApp,
  subscription: { url: string; eventTypes: string[]; payload?: 'FULL' | 'THIN'; description?: string },
  headers: Record<string, string> = owner,
) {
  const created = await webhooksCall(t, 'POST', '/webhooks/v1/subscriptions', { subscription }, headers);
  if (created.status !== 200)
    throw new Error(`subscribe answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body as { subscription: { id: string; enabled: boolean }; secret: string };
}

/** Polls `check` until it returns something truthy; fails naming `what` after `timeoutMs`. */
export async function waitUntil<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
