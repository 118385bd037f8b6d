import { createClient, OAuthStrategy, type TokenStore } from '@atrium/sdk';
import { identity } from '@atrium/sdk/modules/identity';
import { sites } from '@atrium/sdk/modules/sites';

/** What the server puts into index.html (apps/server/src/platform/http/web-app.ts). */
interface InjectedConfig {
  clientId: string;
  redirectUris: string[];
}

declare global {
  interface Window {
    __ATRIUM__?: InjectedConfig;
  }
}

function readConfig(): InjectedConfig {
  const injected = typeof window === 'undefined' ? undefined : window.__ATRIUM__;
  if (injected?.clientId) return injected;
  // `vite dev` serves index.html itself, so the id comes from the environment there.
  return { clientId: import.meta.env.VITE_ATRIUM_CLIENT_ID ?? '', redirectUris: [] };
}

export const siteConfig = readConfig();

/** A registered redirect URI on this page's origin when there is one (the server compares them exactly). */
export function redirectUriFor(path = '/auth/callback'): string {
  const sameOrigin = siteConfig.redirectUris.find((uri) => uri.startsWith(window.location.origin));
  return sameOrigin ?? siteConfig.redirectUris[0] ?? `${window.location.origin}${path}`;
}

/** localStorage when the browser allows it (private modes may not), otherwise memory for this tab. */
function browserStore(prefix = ''): TokenStore {
  const memory = new Map<string, string>();
  const storage = (() => {
    try {
      const probe = '__atrium_probe__';
      window.localStorage.setItem(probe, '1');
      window.localStorage.removeItem(probe);
      return window.localStorage;
    } catch {
      return undefined;
    }
  })();
  return {
    getItem: (key) => (storage ? storage.getItem(prefix + key) : memory.get(prefix + key)),
    setItem: (key, value) =>
      storage ? storage.setItem(prefix + key, value) : void memory.set(prefix + key, value),
    removeItem: (key) => (storage ? storage.removeItem(prefix + key) : void memory.delete(prefix + key)),
  };
}

/**
 * Visitors and members: tokens persist in localStorage across reloads; the strategy renews them with the
 * refresh token and falls back to a visitor token, as the spec's token rules say.
 */
export const memberAuth = OAuthStrategy({
  clientId: siteConfig.clientId,
  tokenStore: browserStore(),
  // Direct sign-in names a registered address; with none known the strategy uses this page's origin.
  ...(siteConfig.redirectUris.length > 0 ? { redirectUri: redirectUriFor() } : {}),
});

/** The app's one SDK client (same origin). Feature modules can also call their functions on their own. */
export const atrium = createClient({ baseUrl: '', auth: memberAuth, modules: { identity, sites } });
atrium.enableContext();

/** Owners and staff: a separate session that ends (instead of becoming a visitor) when it cannot renew. */
export const staffAuth = OAuthStrategy({
  clientId: siteConfig.clientId,
  tokenStore: browserStore('dashboard:'),
  visitorFallback: false,
});

export const dashboardClient = createClient({ baseUrl: '', auth: staffAuth, modules: { identity, sites } });
