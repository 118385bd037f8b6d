import { describe, expect, it } from 'vitest';
import type { DataField, DataRole } from '@atrium/contract/data';
import type { Caller } from '../src/platform/context.ts';
import { accessFor } from '../src/modules/data/data-permissions.ts';
import { applyModifications } from '../src/modules/data/item-patch.ts';
import { normalizeItem } from '../src/modules/data/item-values.ts';
import { searchTerms } from '../src/modules/data/items-analytics.service.ts';

const callers: Record<string, Caller> = {
  visitor: { identityType: 'ANONYMOUS_VISITOR', identityId: 'v1' },
  member: { identityType: 'MEMBER', identityId: 'm1' },
  staff: { identityType: 'WIX_USER', role: 'STAFF', identityId: 's1' },
  admin: { identityType: 'WIX_USER', role: 'ADMIN', identityId: 'a1' },
  app: { identityType: 'APP', identityId: 'app', scopes: ['*'] },
};

describe('accessFor', () => {
  // [role, visitor, member, staff, admin, app]: deny, all, or own (member limited to its items)
  const table: Array<[DataRole, ...string[]]> = [
    ['ANYONE', 'all', 'all', 'all', 'all', 'all'],
    ['SITE_MEMBER', 'deny', 'all', 'all', 'all', 'all'],
    ['SITE_MEMBER_AUTHOR', 'deny', 'own', 'all', 'all', 'all'],
    ['CMS_EDITOR', 'deny', 'deny', 'all', 'all', 'all'],
    ['ADMIN', 'deny', 'deny', 'all', 'all', 'all'],
    ['PRIVILEGED', 'deny', 'deny', 'deny', 'all', 'all'],
  ];
  for (const [role, ...expected] of table) {
    it(`${role}: visitor ${expected[0]}, member ${expected[1]}, staff ${expected[2]}, admin ${expected[3]}, app ${expected[4]}`, () => {
      const actual = ['visitor', 'member', 'staff', 'admin', 'app'].map((name) => {
        const access = accessFor(callers[name]!, role);
        if (!access.allowed) return 'deny';
        return access.ownerOnly ? 'own' : 'all';
      });
      expect(actual).toEqual(expected);
    });
  }

  it('a member without an identity id gets nothing beyond ANYONE', () => {
    expect(accessFor({ identityType: 'MEMBER' }, 'SITE_MEMBER').allowed).toBe(false);
  });
});

const fields: DataField[] = [
  { key: 'n', type: 'NUMBER' },
  { key: 'when', type: 'DATETIME' },
  { key: 'day', type: 'DATE' },
  { key: 'tags', type: 'ARRAY_STRING' },
  { key: 'ref', type: 'REFERENCE', typeMetadata: { reference: { referencedCollectionId: 'T' } } },
  { key: 'refs', type: 'MULTI_REFERENCE', typeMetadata: { multiReference: { referencedCollectionId: 'T' } } },
];

describe('normalizeItem', () => {
  it('canonicalises dates anywhere and converts ISO strings of DATETIME fields', () => {
    const { item, violations } = normalizeItem(
      { when: '2026-01-01T12:00:00+01:00', deep: [{ at: { $date: '2026-02-03' } }], day: '2026-05-06' },
      fields,
      '',
    );
    expect(violations).toEqual([]);
    expect(item.data).toEqual({
      when: { $date: '2026-01-01T11:00:00.000Z' },
      deep: [{ at: { $date: '2026-02-03T00:00:00.000Z' } }],
      day: '2026-05-06',
    });
  });

  it('drops system fields, reduces references to ids and sets multi-references apart', () => {
    const { item } = normalizeItem(
      { _id: 'x', _owner: 'y', _createdDate: 1, ref: { _id: 'r1', name: 'R' }, refs: ['a', { _id: 'b' }] },
      fields,
      '',
    );
    expect(item.data).toEqual({ ref: 'r1' });
    expect(item.multiReferences.get('refs')).toEqual(['a', 'b']);
  });

  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['a string in a NUMBER field', { n: '1' }, 'n'],
    ['infinity is not JSON', { n: Number.POSITIVE_INFINITY }, 'n'],
    ['a number in ARRAY_STRING', { tags: ['a', 1] }, 'tags'],
    ['a bad DATE', { day: '2026-13-01' }, 'day'],
    ['a $date with a second key', { x: { $date: '2026-01-01', y: 1 } }, 'x'],
    ['a $-prefixed nested key', { x: { $gt: 1 } }, 'x.$gt'],
    ['a NUL character', { x: 'a\u0000b' }, 'x'],
    ['a lone surrogate', { x: '\uD800' }, 'x'],
  ];
  for (const [name, data, field] of invalid) {
    it(`refuses ${name}`, () => {
      const { violations } = normalizeItem(data, fields, 'd.');
      expect(violations.map((violation) => violation.field)).toContain(`d.${field}`);
    });
  }
});

describe('applyModifications', () => {
  it('leaves the original document untouched', () => {
    const original = { a: { b: 1 } };
    const result = applyModifications(
      original,
      [{ action: 'SET_FIELD', fieldPath: 'a.b', setFieldOptions: { value: 2 } }],
      [],
      'p',
    );
    expect(result.data).toEqual({ a: { b: 2 } });
    expect(original).toEqual({ a: { b: 1 } });
  });

  const refused: Array<[string, Record<string, unknown>, Parameters<typeof applyModifications>[1][number]]> =
    [
      [
        'incrementing text',
        { t: 'x' },
        { action: 'INCREMENT_FIELD', fieldPath: 't', incrementFieldOptions: { value: 1 } },
      ],
      [
        'appending to a non-array',
        { t: 'x' },
        { action: 'APPEND_TO_ARRAY', fieldPath: 't', appendToArrayOptions: { value: 1 } },
      ],
      ['a system field', {}, { action: 'SET_FIELD', fieldPath: '_owner', setFieldOptions: { value: 'me' } }],
      [
        'a path through a scalar',
        { t: 1 },
        { action: 'SET_FIELD', fieldPath: 't.x', setFieldOptions: { value: 1 } },
      ],
      ['a $ path', {}, { action: 'SET_FIELD', fieldPath: 'a.$inc', setFieldOptions: { value: 1 } }],
      [
        'a wrong type for a declared field',
        {},
        { action: 'SET_FIELD', fieldPath: 'n', setFieldOptions: { value: 'x' } },
      ],
      ['a multi-reference field', {}, { action: 'REMOVE_FIELD', fieldPath: 'refs' }],
    ];
  for (const [name, data, modification] of refused) {
    it(`refuses ${name}`, () => {
      expect(applyModifications(data, [modification], fields, 'p').violations).toHaveLength(1);
    });
  }
});

describe('searchTerms', () => {
  it('keeps letter and digit runs only, lower-cased and unique', () => {
    expect(searchTerms("Yoga & PILATES: 'yoga' | !x) café 2026")).toEqual([
      'yoga',
      'pilates',
      'x',
      'café',
      '2026',
    ]);
  });
});
