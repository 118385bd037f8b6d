import type { AuthStrategy } from '../client.ts';

/**
 * Credentials of a server-side app: the API key in `Authorization`, and the site it acts on when the key
 * may reach several.
 * @example createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey: process.env.ATRIUM_API_KEY!, siteId }), modules: { sites } })
 */
export function ApiKeyStrategy(options: { apiKey: string; siteId?: string }): AuthStrategy {
  const headers: Record<string, string> = { authorization: options.apiKey };
  if (options.siteId) headers['wix-site-id'] = options.siteId;
  return { getAuthHeaders: () => ({ ...headers }) };
}
