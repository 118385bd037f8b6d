import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { ConnectionFailureCause } from '@atrium/contract/data-external-connections';
import { literalNonPublicHost, publicOnlyLookupRefusing } from '../../../platform/http/public-addresses.ts';

/**
 * The platform's external database adapter protocol, as a client: every call is a POST of JSON to
 * `<endpoint>/<path>` whose body carries `requestContext.settings.secretKey`; `schemas/list` answers the
 * adapter's collections, `data/find|count|insert|update|remove` their items.
 */
export type AdapterResult<T> =
  { ok: true; body: T } | { ok: false; cause: Exclude<ConnectionFailureCause, 'NONE'>; detail: string };

export type AdapterCall = <T>(
  endpoint: string | null,
  secretKey: string | null,
  path: string,
  payload?: Record<string, unknown>,
) => Promise<AdapterResult<T>>;

class AddressNotAllowed extends Error {}

const publicOnlyLookup = publicOnlyLookupRefusing(
  (host) => new AddressNotAllowed(`${host} is a local or private network address`),
);

const unreachableCodes = ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'];

/**
 * The adapter client. An admin chooses the endpoint, so unless `allowPrivateAddresses` (the setting webhooks
 * use, `WEBHOOKS_ALLOW_PRIVATE_ADDRESSES`) the server refuses to reach loopback, private, link-local (cloud
 * metadata) and other non-public addresses: IP literals before connecting, names where the socket connects
 * (the address checked is the address used, so DNS rebinding cannot slip past). Redirects are not followed.
 */
export function createAdapterClient(options: { allowPrivateAddresses: boolean; timeoutMs?: number }) {
  const timeoutMs = options.timeoutMs ?? 10_000;

  const call: AdapterCall = async <T>(
    endpoint: string | null,
    secretKey: string | null,
    path: string,
    payload: Record<string, unknown> = {},
  ): Promise<AdapterResult<T>> => {
    if (!endpoint)
      return {
        ok: false,
        cause: 'DESTINATION_ENDPOINT_NOT_DEFINED',
        detail: 'the connection has no endpoint',
      };
    const target = new URL(path, endpoint.endsWith('/') ? endpoint : `${endpoint}/`);
    const literal = literalNonPublicHost(target.toString());
    if (!options.allowPrivateAddresses && literal && net.isIP(literal)) {
      return {
        ok: false,
        cause: 'DESTINATION_HOST_UNREACHABLE',
        detail: `${literal} is a local or private network address`,
      };
    }
    const body = JSON.stringify({ ...payload, requestContext: { settings: { secretKey: secretKey ?? '' } } });
    let answer: { status: number; text: string };
    try {
      answer = await post(target, body);
    } catch (error) {
      if (error instanceof AddressNotAllowed)
        return { ok: false, cause: 'DESTINATION_HOST_UNREACHABLE', detail: error.message };
      const code = (error as { code?: string }).code ?? '';
      return {
        ok: false,
        cause: unreachableCodes.includes(code) ? 'DESTINATION_HOST_UNREACHABLE' : 'COMMUNICATION_FAILURE',
        detail: code || (error as Error).name,
      };
    }
    if (answer.status === 401 || answer.status === 403) {
      return { ok: false, cause: 'UNAUTHORIZED', detail: `the adapter answered ${answer.status}` };
    }
    if (answer.status === 404) {
      return { ok: false, cause: 'DESTINATION_ENDPOINT_NOT_DEFINED', detail: `the adapter has no ${path}` };
    }
    if (answer.status < 200 || answer.status >= 300)
      return { ok: false, cause: 'COMMUNICATION_FAILURE', detail: `the adapter answered ${answer.status}` };
    try {
      return { ok: true, body: JSON.parse(answer.text) as T };
    } catch {
      return { ok: false, cause: 'COMMUNICATION_FAILURE', detail: 'the adapter answered no JSON' };
    }
  };

  function post(target: URL, body: string): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const secure = target.protocol === 'https:';
      const request = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          signal: AbortSignal.timeout(timeoutMs),
          ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
          );
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  }

  return call;
}
