import type { ConnectionFailureCause } from '@atrium/contract/data-external-connections';

/**
 * The platform's external database adapter protocol, as a client: every call is a POST of JSON to
 * `<endpoint>/<path>` whose body carries `requestContext.settings.secretKey`; `schemas/list` answers the
 * adapter's collections, `data/find|count|insert|update|remove` their items.
 */
export type AdapterResult<T> =
  { ok: true; body: T } | { ok: false; cause: Exclude<ConnectionFailureCause, 'NONE'>; detail: string };

const timeoutMs = 10_000;

export async function callAdapter<T>(
  endpoint: string | null,
  secretKey: string | null,
  path: string,
  payload: Record<string, unknown> = {},
  fetcher: typeof fetch = fetch,
): Promise<AdapterResult<T>> {
  if (!endpoint)
    return { ok: false, cause: 'DESTINATION_ENDPOINT_NOT_DEFINED', detail: 'the connection has no endpoint' };
  let response: Response;
  try {
    response = await fetcher(new URL(path, endpoint.endsWith('/') ? endpoint : `${endpoint}/`), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...payload, requestContext: { settings: { secretKey: secretKey ?? '' } } }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code ?? '';
    const unreachable = ['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'].includes(
      code,
    );
    return {
      ok: false,
      cause: unreachable ? 'DESTINATION_HOST_UNREACHABLE' : 'COMMUNICATION_FAILURE',
      detail: code || (error as Error).name,
    };
  }
  if (response.status === 401 || response.status === 403) {
    return { ok: false, cause: 'UNAUTHORIZED', detail: `the adapter answered ${response.status}` };
  }
  if (response.status === 404) {
    return { ok: false, cause: 'DESTINATION_ENDPOINT_NOT_DEFINED', detail: `the adapter has no ${path}` };
  }
  if (!response.ok)
    return { ok: false, cause: 'COMMUNICATION_FAILURE', detail: `the adapter answered ${response.status}` };
  try {
    return { ok: true, body: (await response.json()) as T };
  } catch {
    return { ok: false, cause: 'COMMUNICATION_FAILURE', detail: 'the adapter answered no JSON' };
  }
}
