import { describe, expect, it } from 'vitest';
import type { Executor } from '../../platform/db/database.ts';
import { createSubscribedSites } from './subscribed-sites.ts';

const executor = {} as Executor;

describe('subscribed sites', () => {
  function setUp(stored: string[]) {
    let clock = 0;
    let loads = 0;
    const sites = createSubscribedSites({
      load: async () => {
        loads += 1;
        return [...stored];
      },
      ttlMs: 2_000,
      now: () => clock,
    });
    return {
      sites,
      advance: (ms: number) => (clock += ms),
      loads: () => loads,
    };
  }

  it('answers from one read until it is older than its time to live', async () => {
    const stored = ['site-a'];
    const { sites, advance, loads } = setUp(stored);
    expect(await sites.anyOf(['site-a'], executor)).toBe(true);
    expect(await sites.anyOf(['site-b'], executor)).toBe(false);
    advance(1_999);
    expect(await sites.anyOf(['site-b', 'site-a'], executor)).toBe(true);
    expect(loads()).toBe(1);
    advance(1);
    await sites.anyOf(['site-a'], executor);
    expect(loads()).toBe(2);
  });

  it('counts a subscription made in this process at once, and one made elsewhere after the time to live', async () => {
    const stored = ['site-a'];
    const { sites, advance } = setUp(stored);
    expect(await sites.anyOf(['site-b'], executor)).toBe(false);
    sites.add('site-b');
    expect(await sites.anyOf(['site-b'], executor)).toBe(true);
    // Another process subscribes site-c: this one learns it on its next read.
    stored.push('site-c');
    expect(await sites.anyOf(['site-c'], executor)).toBe(false);
    advance(2_000);
    expect(await sites.anyOf(['site-c'], executor)).toBe(true);
  });
});
