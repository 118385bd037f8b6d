import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// Every HTTP call of the official `@wix/data` client modules beyond items (the list is generated from the
// installed packages by scripts/list-data-calls.mjs), sent once with an owner API key and an empty body:
// each must reach a route (any answer but ROUTE_NOT_FOUND) and none may answer 5xx.

interface ClientCall {
  package: string;
  call: string;
  method: string;
  path: string;
}

const calls: ClientCall[] = JSON.parse(
  fs.readFileSync(path.join(import.meta.dirname, 'data-client-calls.json'), 'utf8'),
);
/** A path parameter no entity has: a UUID, which every id parameter accepts. */
const absentId = '00000000-0000-4000-8000-000000000000';

let atrium: AtriumBehindOfficialHost;

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
});

afterAll(async () => {
  await atrium?.close();
});

describe('every call of the official data clients', () => {
  it('lists the 57 calls of the installed packages', () => {
    expect(calls).toHaveLength(57);
  });

  it.each(calls.map((call) => [`${call.call} (${call.method} ${call.path})`, call] as const))(
    '%s reaches a route and answers no 5xx',
    async (_name, call) => {
      const url = `https://www.wixapis.com${call.path.replace(/:[A-Za-z.]+/g, absentId)}`;
      const hasBody = !['GET', 'DELETE'].includes(call.method);
      const response = await fetch(url, {
        method: call.method,
        headers: {
          authorization: atrium.apiKey,
          'wix-site-id': atrium.siteId,
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
        },
        body: hasBody ? '{}' : undefined,
      });
      const text = await response.text();
      expect(response.status, text).toBeLessThan(500);
      expect(text).not.toContain('ROUTE_NOT_FOUND');
    },
  );
});
