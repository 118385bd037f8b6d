import type { Executor } from '../../platform/db/database.ts';

/**
 * Which sites may have an enabled subscription, known per process so that the bus observer, which runs
 * in every change's transaction, costs no statement on sites without webhooks (most of them). The set is
 * read again once it is older than `ttlMs`; a subscription made or enabled in this process counts at
 * once, one made in another process within `ttlMs`. A site that lost its subscriptions may stay in the set
 * until then, which costs only the observer's insert that finds nothing to deliver.
 */
export function createSubscribedSites(deps: {
  load: (executor: Executor) => Promise<string[]>;
  ttlMs: number;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let known: { sites: Set<string>; at: number } | undefined;
  return {
    async anyOf(siteIds: readonly string[], executor: Executor): Promise<boolean> {
      if (!known || now() - known.at >= deps.ttlMs) {
        const at = now();
        known = { sites: new Set(await deps.load(executor)), at };
      }
      const { sites } = known;
      return siteIds.some((siteId) => sites.has(siteId));
    },
    /** A subscription of this site was made or enabled: its events count from now on. */
    add(siteId: string): void {
      known?.sites.add(siteId);
    },
  };
}

export type SubscribedSites = ReturnType<typeof createSubscribedSites>;
