import type { AddressInfo } from 'node:net';
import { identityKit } from '../../../apps/server/test/identity-helpers.ts';
import { createTestApp, type TestApp } from '../../../apps/server/test/test-app.ts';

/** The hosted platform's API host, which the official clients always call over HTTPS. */
const officialHosts = ['www.wixapis.com', 'edge.wixapis.com'];

/** One request an official client sent, as Atrium answered it. */
export interface ForwardedRequest {
  method: string;
  path: string;
  status: number;
}

/**
 * The real server (PGlite, or PostgreSQL with DATABASE_URL) standing where the official clients send their
 * requests: the process's fetch hands requests for the hosted platform's API host to Atrium instead, as a
 * DNS entry and a TLS-terminating proxy would in a real move. The clients themselves run unchanged. Also
 * gives the default site's OAuth client id (for visitor tokens) and an API key with every scope.
 */
export async function startAtriumBehindOfficialHost(config: Partial<Record<string, string>> = {}) {
  const testApp: TestApp = await createTestApp({ config });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
  const kit = identityKit(testApp);
  const { site, clientId } = await kit.defaultSite();
  const { key: apiKey } = await kit.apiKey(site.id);

  const forwarded: ForwardedRequest[] = [];
  const originalFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!officialHosts.includes(url.hostname)) return originalFetch(request);
    const response = await originalFetch(new Request(`${origin}${url.pathname}${url.search}`, request));
    forwarded.push({ method: request.method, path: url.pathname, status: response.status });
    return response;
  };

  return {
    /** The server itself, for setting up what no official client makes (a booking waiting for payment). */
    testApp,
    /** Sites, members and credentials made on the server's database. */
    kit,
    siteId: site.id,
    clientId,
    apiKey,
    forwarded,
    /** The paths the clients called, without repeats, for asserting which prefixes they used. */
    pathsCalled: () => [...new Set(forwarded.map((entry) => `${entry.method} ${entry.path}`))],
    async close() {
      globalThis.fetch = originalFetch;
      await testApp.close();
    },
  };
}

export type AtriumBehindOfficialHost = Awaited<ReturnType<typeof startAtriumBehindOfficialHost>>;
