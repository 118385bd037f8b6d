import { describe, expect, it } from 'vitest';
import { lazyPayload } from './ecom-events.ts';

describe('lazyPayload', () => {
  it('builds nothing while nobody reads the payload', () => {
    let builds = 0;
    lazyPayload({ order: () => ({ id: String((builds += 1)) }) });
    expect(builds).toBe(0);
  });

  it('builds each field once, and serializes as the plain payload would', () => {
    let builds = 0;
    const payload = lazyPayload({ order: () => ({ id: `order-${(builds += 1)}` }), note: () => 'kept' });
    expect(JSON.stringify(payload)).toBe('{"order":{"id":"order-1"},"note":"kept"}');
    expect(JSON.stringify({ data: payload })).toBe('{"data":{"order":{"id":"order-1"},"note":"kept"}}');
    expect({ ...payload }).toEqual({ order: { id: 'order-1' }, note: 'kept' });
    expect(builds).toBe(1);
  });
});
