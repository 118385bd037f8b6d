export {
  createClient,
  defineModule,
  type AuthStrategy,
  type BoundModule,
  type Client,
  type ClientContext,
  type ClientOptions,
  type FetchLike,
  type HttpMethod,
  type Module,
  type ModuleDefinition,
  type RequestOptions,
  type Transport,
} from './client.ts';
export {
  AtriumError,
  ApplicationError,
  AuthError,
  ContextNotAvailableError,
  InvalidArgumentError,
  PagingError,
  SystemError,
  translateError,
} from './errors.ts';
export {
  createQuery,
  defaultPageSize,
  filter,
  FilterBuilder,
  QueryBuilder,
  type FieldPath,
  type Filter,
  type PagingMetadata,
  type PagingMode,
  type QueryExecutor,
  type QueryPage,
  type QueryResult,
  type Sorting,
  type SortOrder,
  type WireQuery,
} from './query.ts';
export { dateFields, type DateField, type DateInput, type WithDates } from './dates.ts';
export { base64UrlDecode, base64UrlEncode } from './encoding.ts';
export {
  OAuthStrategy,
  memoryTokenStore,
  readAuthorizationResponse,
  silentSignInTimeoutMs,
  type OAuthData,
  type OAuthStrategyOptions,
  type ResponseMode,
  type TokenRole,
  type TokenStore,
  type Tokens,
} from './auth/oauth.ts';
export { generateCodeChallenge, generateCodeVerifier, generateState } from './auth/pkce.ts';
export { ApiKeyStrategy } from './auth/api-key.ts';
