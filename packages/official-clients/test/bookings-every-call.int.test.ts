import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';
import { bookingsClientCalls, generatedListFile, type ClientCall } from './bookings-client-calls.ts';

// Every HTTP call of the official bookings client modules (the list generated from the installed
// packages, committed beside this test) sent once to Atrium as the business (an API key with every
// scope), with empty bodies and unknown ids: each must reach a route (no 404 "No route") and none may
// answer 5xx. What each call does is the other compatibility tests' and the server tests' business.

const committed = JSON.parse(readFileSync(generatedListFile, 'utf8')) as ClientCall[];

let atrium: AtriumBehindOfficialHost;

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
});

afterAll(async () => {
  await atrium?.close();
});

function concretePath(path: string): string {
  return path.replace(/\{[^}]+\}/g, () => randomUUID());
}

describe('every call of the official bookings clients', () => {
  it('the committed list is the one the installed client packages give', () => {
    expect(committed).toEqual(bookingsClientCalls());
    expect(committed.length).toBe(164);
  });

  it('reaches a route and answers no 5xx, as the business', async () => {
    const unrouted: string[] = [];
    const failed: string[] = [];
    for (const call of committed) {
      const response = await atrium.testApp.app.inject({
        method: call.method as 'GET',
        url: concretePath(call.path),
        headers: { authorization: atrium.apiKey, 'wix-site-id': atrium.siteId },
        ...(call.method === 'GET' || call.method === 'DELETE' ? {} : { payload: {} }),
      });
      const label = `${call.method} ${call.path}`;
      if (
        response.statusCode === 404 &&
        response.json<{ message?: string }>().message?.startsWith('No route')
      )
        unrouted.push(label);
      if (response.statusCode >= 500) failed.push(`${label} (${call.methodFqn}): ${response.statusCode}`);
    }
    expect(unrouted).toEqual([]);
    expect(failed).toEqual([]);
  });
});
