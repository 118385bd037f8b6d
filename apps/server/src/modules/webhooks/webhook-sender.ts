import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { literalNonPublicHost, publicOnlyLookupRefusing } from '../../platform/http/public-addresses.ts';

/** What one HTTP request to a receiver came to. */
export interface SendOutcome {
  succeeded: boolean;
  /** The receiver answered 410 Gone: it wants no more deliveries. */
  gone: boolean;
  responseCode?: number;
  /** The first KiB of the answer. */
  responseBody?: string;
  /** Why no answer came. */
  error?: string;
  latencyMs: number;
}

export interface WebhookRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The transport the delivery worker calls; the default posts with node:http(s). */
export type WebhookSender = (request: WebhookRequest) => Promise<SendOutcome>;

const keptBodyBytes = 1024;

class AddressNotAllowed extends Error {}

const publicOnlyLookup = publicOnlyLookupRefusing(
  (host) => new AddressNotAllowed(`${host} is a local or private network address`),
);

/**
 * Posts one delivery. Redirects are not followed (a 3xx is a failure, as Standard Webhooks says), the
 * whole request is bounded by `timeoutMs`, and unless private addresses are allowed the address is
 * checked where the socket connects, so a name that resolves to a private address is refused even
 * when it resolved to a public one when the subscription was saved.
 */
export function createWebhookSender(options: {
  timeoutMs: number;
  allowPrivateAddresses: boolean;
}): WebhookSender {
  const agents = {
    http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
    https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  };
  return (request) => {
    const started = performance.now();
    const latency = () => Math.round(performance.now() - started);
    const failed = (error: string): SendOutcome => ({
      succeeded: false,
      gone: false,
      error,
      latencyMs: latency(),
    });
    const target = new URL(request.url);
    const literal = literalNonPublicHost(request.url);
    if (!options.allowPrivateAddresses && literal && net.isIP(literal)) {
      return Promise.resolve(failed(`${literal} is a local or private network address`));
    }
    return new Promise<SendOutcome>((resolve) => {
      const secure = target.protocol === 'https:';
      const outgoing = (secure ? https : http).request(
        target,
        {
          method: 'POST',
          agent: secure ? agents.https : agents.http,
          headers: {
            ...request.headers,
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(request.body),
            'user-agent': 'Atrium-Webhooks/1',
          },
          signal: AbortSignal.timeout(options.timeoutMs),
          ...(options.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
        },
        (response) => {
          const chunks: Buffer[] = [];
          let kept = 0;
          response.on('data', (chunk: Buffer) => {
            if (kept < keptBodyBytes) {
              chunks.push(chunk.subarray(0, keptBodyBytes - kept));
              kept += Math.min(chunk.byteLength, keptBodyBytes - kept);
            }
          });
          const finish = () => {
            const code = response.statusCode ?? 0;
            resolve({
              succeeded: code >= 200 && code < 300,
              gone: code === 410,
              responseCode: code,
              responseBody: keptText(Buffer.concat(chunks)),
              latencyMs: latency(),
            });
          };
          response.on('end', finish);
          response.on('error', (error) => resolve(failed(describe(error, options.timeoutMs))));
        },
      );
      outgoing.on('error', (error) => resolve(failed(describe(error, options.timeoutMs))));
      outgoing.end(request.body);
    });
  };
}

/**
 * The answer as text a PostgreSQL column takes: NUL is dropped (text columns refuse it, and a receiver
 * answering binary must not make its attempts impossible to record), and a character cut by the 1 KiB
 * limit becomes U+FFFD.
 */
function keptText(bytes: Buffer): string {
  return bytes.toString('utf8').replaceAll('\u0000', '');
}

function describe(error: Error, timeoutMs: number): string {
  if (error.name === 'AbortError' || error.name === 'TimeoutError')
    return `No answer within ${timeoutMs / 1000} s`;
  return error.message;
}
