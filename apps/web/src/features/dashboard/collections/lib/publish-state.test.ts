import { describe, expect, it } from 'vitest';
import { publishPatch, publishStateOf } from './publish-state.ts';

const now = new Date('2026-06-01T12:00:00Z');
const before = new Date('2026-06-01T11:00:00Z');
const after = new Date('2026-06-02T09:00:00Z');

describe('publishStateOf', () => {
  it.each([
    ['an item from before the plugin', {}, { kind: 'PUBLISHED' }],
    ['a published item', { _publishStatus: 'PUBLISHED' }, { kind: 'PUBLISHED' }],
    ['a draft', { _publishStatus: 'DRAFT' }, { kind: 'DRAFT' }],
    [
      'a draft scheduled to publish later',
      { _publishStatus: 'DRAFT', _scheduledPublishDate: after },
      { kind: 'SCHEDULED', publishesAt: after },
    ],
    [
      'a draft whose publishing time has passed (the job may be late)',
      { _publishStatus: 'DRAFT', _scheduledPublishDate: before },
      { kind: 'PUBLISHED' },
    ],
    [
      'a published item scheduled to become a draft later',
      { _publishStatus: 'PUBLISHED', _scheduledDraftDate: after },
      { kind: 'PUBLISHED', unpublishesAt: after },
    ],
    [
      'a published item whose unpublishing time has passed',
      { _publishStatus: 'PUBLISHED', _scheduledDraftDate: before },
      { kind: 'DRAFT' },
    ],
    [
      'a date still in its wire form',
      { _publishStatus: 'DRAFT', _scheduledPublishDate: { $date: after.toISOString() } },
      { kind: 'SCHEDULED', publishesAt: after },
    ],
  ])('%s', (_name, item, expected) => {
    expect(publishStateOf(item, now)).toEqual(expected);
  });
});

describe('publishPatch', () => {
  it('publishes now and drops any schedule', () => {
    expect(publishPatch({ operation: 'PUBLISH' })).toEqual({
      _publishStatus: 'PUBLISHED',
      _scheduledPublishDate: undefined,
      _scheduledDraftDate: undefined,
    });
  });

  it('keeps one schedule at a time', () => {
    expect(publishPatch({ operation: 'SCHEDULE_UNPUBLISH', at: after })).toEqual({
      _scheduledDraftDate: after,
      _scheduledPublishDate: undefined,
    });
  });
});
