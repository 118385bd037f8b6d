import { dateFields as defaultDateFields, reviveDates, serializeDates, type WithDates } from './dates.ts';
import { encodeGetQuery } from './encoding.ts';
import { AtriumError, ContextNotAvailableError, SystemError, translateError } from './errors.ts';

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an auth strategy needs to reach the server on its own (token endpoint). */
export interface Transport {
  readonly baseUrl: string;
  readonly fetch: FetchLike;
}

/** Supplies the credentials of each call: OAuthStrategy (visitors, members) or ApiKeyStrategy (servers). */
export interface AuthStrategy {
  getAuthHeaders(transport: Transport): Promise<Record<string, string>> | Record<string, string>;
  /** Called by createClient so the strategy can call the server outside a module call (login, logout). */
  attach?(transport: Transport): void;
}

export interface RequestOptions {
  method: HttpMethod;
  /** Path below baseUrl, path parameters already substituted (and encoded). */
  path: string;
  /** Query parameters; when any is nested the whole request travels as `.r`. */
  query?: Record<string, unknown>;
  body?: unknown;
  /** A body sent as it is (a file upload) with its media type, in place of a JSON `body`. */
  rawBody?: { contentType: string; data: string | Uint8Array<ArrayBuffer> };
  /** Answer the response text as it is (a file download) instead of parsing it as JSON. */
  responseText?: boolean;
  /** Response keys turned into `Date` (default: `dateFields`); `false` leaves every string alone. */
  dateFields?: readonly string[] | false;
  /** A GET whose URL would exceed 2048 characters is sent as a POST of the same request to the same path. */
  postWhenLong?: boolean;
  /** Call without credentials (token endpoint, public calls). */
  anonymous?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** What a module function receives: the bound client's HTTP pipeline. */
export interface ClientContext {
  readonly baseUrl: string;
  readonly auth: AuthStrategy | undefined;
  request<T>(options: RequestOptions): Promise<WithDates<T>>;
}

// A GET-encoded request is used only while its URL stays within this (spec data-commerce §9).
const maxGetUrlLength = 2048;

const defaultDateFieldSet: ReadonlySet<string> = new Set(defaultDateFields);

const bindings = Symbol.for('atrium.sdk.module');

type MethodFactory = (context: ClientContext) => (...args: never[]) => unknown;
export type ModuleDefinition = Record<string, MethodFactory>;

/** A module: a plain object of functions, each usable bound to a client or, once enabled, the ambient one. */
export type Module<D extends ModuleDefinition = ModuleDefinition> = {
  readonly [K in keyof D]: ReturnType<D[K]>;
} & { readonly [bindings]: D };

export type BoundModule<M> =
  M extends Module<infer D> ? { readonly [K in keyof D]: ReturnType<D[K]> } : never;

let ambientContext: ClientContext | undefined;

function currentContext(): ClientContext {
  if (!ambientContext) throw new ContextNotAvailableError();
  return ambientContext;
}

/**
 * Declares a module: each entry receives the client context and returns the function users call.
 * @example
 * export const sites = defineModule({
 *   getSite: (context) => async () => (await context.request<SiteResponse>({ method: 'GET', path: '/sites/v1/site' })).site,
 * });
 */
export function defineModule<D extends ModuleDefinition>(definition: D): Module<D> {
  const module: Record<string | symbol, unknown> = { [bindings]: definition };
  for (const [name, factory] of Object.entries(definition)) {
    module[name] = (...args: never[]) =>
      (factory(currentContext()) as (...args: never[]) => unknown)(...args);
  }
  return module as Module<D>;
}

function bindModule<D extends ModuleDefinition>(module: Module<D>, context: ClientContext) {
  const definition = module[bindings];
  if (!definition) throw new AtriumError('INVALID_MODULE', 'Modules must be created with defineModule');
  const bound: Record<string, unknown> = {};
  for (const [name, factory] of Object.entries(definition)) bound[name] = factory(context);
  return bound as BoundModule<Module<D>>;
}

export interface ClientOptions<M extends Record<string, Module>> {
  /** The server's address, e.g. `https://shop.example.com`; `''` for same-origin calls in a browser. */
  baseUrl: string;
  auth?: AuthStrategy;
  modules?: M;
  /** Sent with every call (development credentials, tracing). */
  headers?: Record<string, string>;
  /** Defaults to the global fetch (browsers, Node 20). */
  fetch?: FetchLike;
}

export type Client<M extends Record<string, Module>> = { readonly [K in keyof M]: BoundModule<M[K]> } & {
  readonly auth: AuthStrategy | undefined;
  /** The raw pipeline, for calls no module covers yet. */
  request<T>(options: RequestOptions): Promise<WithDates<T>>;
  /** Lets module functions imported on their own (`sites.getSite()`) use this client; returns an undo. */
  enableContext(): () => void;
};

const reservedNames = new Set(['auth', 'request', 'enableContext']);

/**
 * @example
 * const client = createClient({ baseUrl: 'https://studio.example.com', auth: OAuthStrategy({ clientId }), modules: { sites } });
 * const site = await client.sites.getSite();
 */
export function createClient<M extends Record<string, Module> = Record<never, Module>>(
  options: ClientOptions<M>,
): Client<M> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl: FetchLike = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const transport: Transport = { baseUrl, fetch: fetchImpl };
  options.auth?.attach?.(transport);

  const context: ClientContext = {
    baseUrl,
    auth: options.auth,
    request: (request) => send(transport, options, request),
  };
  const client: Record<string, unknown> = {
    auth: options.auth,
    request: context.request,
    enableContext: () => {
      const previous = ambientContext;
      ambientContext = context;
      return () => {
        ambientContext = previous;
      };
    },
  };
  for (const [name, module] of Object.entries(options.modules ?? {})) {
    if (reservedNames.has(name)) throw new AtriumError('INVALID_MODULE', `Module name ${name} is reserved`);
    client[name] = bindModule(module, context);
  }
  return client as Client<M>;
}

async function send<T>(
  transport: Transport,
  options: ClientOptions<Record<string, Module>>,
  request: RequestOptions,
): Promise<WithDates<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  if (options.auth && !request.anonymous)
    Object.assign(headers, await options.auth.getAuthHeaders(transport));
  Object.assign(headers, request.headers);

  let method = request.method;
  let url = transport.baseUrl + request.path;
  let body: string | Uint8Array<ArrayBuffer> | undefined =
    request.body === undefined ? undefined : JSON.stringify(serializeDates(request.body));
  if (request.query) {
    const serialized = serializeDates(request.query) as Record<string, unknown>;
    const search = encodeGetQuery(serialized);
    const long = url.length + search.length + 1 > maxGetUrlLength;
    if (method === 'GET' && request.postWhenLong && long) {
      method = 'POST';
      body = JSON.stringify(serialized);
    } else if (search) {
      url += (url.includes('?') ? '&' : '?') + search;
    }
  }
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (request.rawBody) {
    headers['content-type'] = request.rawBody.contentType;
    body = request.rawBody.data;
  }

  let response: Response;
  try {
    response = await transport.fetch(url, { method, headers, body, signal: request.signal });
  } catch (cause) {
    // A caller's abort is theirs to handle as it is; every other failure to reach the server is a system error.
    if (request.signal?.aborted) throw cause;
    throw new SystemError({ cause });
  }
  const requestId = response.headers.get('x-request-id') ?? undefined;
  const text = await response.text();
  let parsed: unknown;
  let parseError: unknown;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch (error) {
    parseError = error;
  }
  if (!response.ok) {
    throw translateError({
      status: response.status,
      statusText: response.statusText,
      body: parsed,
      requestId,
    });
  }
  if (request.responseText) return text as WithDates<T>;
  if (parseError !== undefined)
    throw new SystemError({ status: response.status, requestId, cause: parseError });
  const fields = request.dateFields;
  if (fields === false) return parsed as WithDates<T>;
  return reviveDates(parsed as T, fields ? new Set(fields) : defaultDateFieldSet);
}
