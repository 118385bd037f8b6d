import type { DataField } from '@atrium/contract/data';
import { dataFilter } from '@atrium/sdk/modules/data';
import { describe, expect, it } from 'vitest';
import { applyRules, operatorsFor, type FilterRule } from './filter-rules.ts';
import { fromEditorText, keyFromName, toEditorText } from './field-types.ts';

const fields: DataField[] = [
  { key: 'title', type: 'TEXT' },
  { key: 'views', type: 'NUMBER' },
  { key: 'featured', type: 'BOOLEAN' },
  { key: 'joined', type: 'DATE' },
  { key: 'published', type: 'DATETIME' },
  { key: 'author', type: 'REFERENCE', typeMetadata: { reference: { referencedCollectionId: 'Team' } } },
  { key: 'meta', type: 'OBJECT' },
];

const build = (rules: FilterRule[]) => applyRules(dataFilter(), rules, fields).build();

describe('applyRules', () => {
  it.each<[string, FilterRule[], unknown]>([
    ['no rules', [], {}],
    [
      'text contains',
      [{ field: 'title', operator: 'contains', value: 'yoga' }],
      { title: { $contains: 'yoga' } },
    ],
    ['a number is parsed', [{ field: 'views', operator: 'gt', value: '100' }], { views: { $gt: 100 } }],
    ['a decimal comma', [{ field: 'views', operator: 'le', value: '2,5' }], { views: { $lte: 2.5 } }],
    ['yes', [{ field: 'featured', operator: 'isTrue', value: '' }], { featured: { $eq: true } }],
    ['no', [{ field: 'featured', operator: 'isFalse', value: '' }], { featured: { $eq: false } }],
    [
      'a calendar day stays text',
      [{ field: 'joined', operator: 'ge', value: '2024-01-01' }],
      { joined: { $gte: '2024-01-01' } },
    ],
    ['empty', [{ field: 'author', operator: 'isEmpty', value: '' }], { author: { $eq: null } }],
    [
      'several rules all hold',
      [
        { field: 'title', operator: 'startsWith', value: 'Y' },
        { field: 'views', operator: 'ne', value: '0' },
      ],
      { $and: [{ title: { $startsWith: 'Y' } }, { views: { $ne: 0 } }] },
    ],
  ])('%s', (_name, rules, expected) => {
    expect(build(rules)).toEqual(expected);
  });

  it('compiles a date-time bound to a Date', () => {
    const filter = build([{ field: 'published', operator: 'lt', value: '2026-11-02T09:30' }]) as {
      published: { $lt: unknown };
    };
    expect(filter.published.$lt).toBeInstanceOf(Date);
    expect((filter.published.$lt as Date).toISOString()).toBe('2026-11-02T09:30:00.000Z');
  });

  it.each<[string, FilterRule]>([
    ['a value still missing', { field: 'views', operator: 'gt', value: ' ' }],
    ['a number that is not one', { field: 'views', operator: 'gt', value: 'many' }],
    ['an operator the type has not', { field: 'views', operator: 'contains', value: '1' }],
    ['an unknown field', { field: 'nope', operator: 'eq', value: 'x' }],
  ])('leaves out %s', (_name, rule) => {
    expect(build([rule])).toEqual({});
  });

  it('offers only emptiness checks on structured fields', () => {
    expect(operatorsFor(fields[6]!)).toEqual(['isEmpty', 'isNotEmpty']);
  });
});

describe('editor text', () => {
  it.each([
    ['number', '12.5', 12.5],
    ['date', '2026-03-01', '2026-03-01'],
    ['text', 'hello', 'hello'],
    ['number', '', undefined],
  ] as const)('reads a %s from %j', (kind, text, value) => {
    expect(fromEditorText(kind, text)).toEqual({ ok: true, value });
  });

  it('refuses what its type cannot hold', () => {
    expect(fromEditorText('number', 'abc')).toEqual({ ok: false, problem: 'number' });
    expect(fromEditorText('date', '01/03/2026')).toEqual({ ok: false, problem: 'date' });
    expect(fromEditorText('json', '{nope')).toEqual({ ok: false, problem: 'json' });
  });

  it('shows a DATE as its day and a DATETIME in local time', () => {
    expect(toEditorText('date', '2026-03-01')).toBe('2026-03-01');
    expect(toEditorText('datetime', new Date('2026-03-01T08:05:00Z'))).toBe('2026-03-01T08:05');
  });

  it.each([
    ['Published on', 'publishedOn'],
    ['Reading time (min)', 'readingTimeMin'],
    ['2nd author', 'f2ndAuthor'],
  ])('makes the key of %j', (name, key) => {
    expect(keyFromName(name)).toBe(key);
  });
});
