import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: unknown;
}

export interface FakeResponse {
  status?: number;
  statusText?: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON, a string as is. */
  body?: unknown;
  /** Milliseconds to wait before answering (concurrency tests). */
  delay?: number;
}

/** A local HTTP server answering from a handler; it records every request it receives. */
export async function startFakeServer(
  handler: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>,
): Promise<{ baseUrl: string; requests: RecordedRequest[]; close(): Promise<void> }> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (incoming, outgoing) => {
    let raw = '';
    for await (const chunk of incoming) raw += String(chunk);
    const request: RecordedRequest = {
      method: incoming.method ?? 'GET',
      url: incoming.url ?? '/',
      headers: incoming.headers,
      body: raw ? JSON.parse(raw) : undefined,
    };
    requests.push(request);
    const answer = await handler(request);
    if (answer.delay) await new Promise((resolve) => setTimeout(resolve, answer.delay));
    const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body ?? {});
    const headers = {
      'content-type': typeof answer.body === 'string' ? 'text/plain' : 'application/json',
      ...answer.headers,
    };
    if (answer.statusText === undefined) outgoing.writeHead(answer.status ?? 200, headers);
    else outgoing.writeHead(answer.status ?? 200, answer.statusText, headers);
    outgoing.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
