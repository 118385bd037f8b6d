import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataItem } from '../src/modules/data/index.ts';
import { failure, startDataServer, type DataClient, type DataServer } from './data-fixtures.ts';

// Every collection access level against every kind of caller, through the SDK with real credentials:
// an anonymous visitor token, member tokens (acting on their own item and on another member's), a staff
// member's token, the owner's token and an API key (an app).
let server: DataServer;

const levels = ['ANYONE', 'SITE_MEMBER', 'SITE_MEMBER_AUTHOR', 'CMS_EDITOR', 'PRIVILEGED'] as const;
type Level = (typeof levels)[number];
type CallerName = 'visitor' | 'memberOwn' | 'memberOther' | 'staff' | 'owner' | 'app';

/**
 * What a caller may do with the item of another member (Ann's) in a collection whose four operations all
 * have the level: `all` every call; `own` (members under SITE_MEMBER_AUTHOR acting on another's item) inserts
 * of their own, others' items read and change as absent (WDE0073); `none` every call refused (WDE0027).
 */
const expected: Record<Level, Record<CallerName, 'all' | 'own' | 'none'>> = {
  ANYONE: { visitor: 'all', memberOwn: 'all', memberOther: 'all', staff: 'all', owner: 'all', app: 'all' },
  SITE_MEMBER: {
    visitor: 'none',
    memberOwn: 'all',
    memberOther: 'all',
    staff: 'all',
    owner: 'all',
    app: 'all',
  },
  SITE_MEMBER_AUTHOR: {
    visitor: 'none',
    memberOwn: 'all',
    memberOther: 'own',
    staff: 'all',
    owner: 'all',
    app: 'all',
  },
  CMS_EDITOR: {
    visitor: 'none',
    memberOwn: 'none',
    memberOther: 'none',
    staff: 'all',
    owner: 'all',
    app: 'all',
  },
  PRIVILEGED: {
    visitor: 'none',
    memberOwn: 'none',
    memberOther: 'none',
    staff: 'none',
    owner: 'all',
    app: 'all',
  },
};

function clientOf(caller: CallerName): DataClient {
  const { clients } = server;
  if (caller === 'memberOwn') return clients.ann;
  if (caller === 'memberOther') return clients.bob;
  return clients[caller];
}

let counter = 0;
/** A fresh item owned by Ann, written by the owner (staff may set `_owner`). */
async function annsItem(collection: string): Promise<DataItem> {
  counter += 1;
  return server.clients.owner.items.insert(collection, {
    _id: `ann-${counter}`,
    text: `ann ${counter}`,
    _owner: server.ids.ann,
  });
}

async function ownerView(collection: string, id: string) {
  return server.clients.owner.items.get(collection, id);
}

beforeAll(async () => {
  server = await startDataServer();
  for (const level of levels) {
    await server.clients.owner.collections.createDataCollection({
      id: `Level_${level}`,
      fields: [
        { key: 'text', type: 'TEXT' },
        { key: 'n', type: 'NUMBER' },
        {
          key: 'links',
          type: 'MULTI_REFERENCE',
          typeMetadata: { multiReference: { referencedCollectionId: `Level_${level}` } },
        },
      ],
      permissions: { read: level, insert: level, update: level, remove: level },
    });
    // One item of Bob's in every collection, so "others' items" are never empty.
    await server.clients.owner.items.insert(`Level_${level}`, {
      _id: `bob-${level}`,
      text: 'bob',
      n: 1,
      _owner: server.ids.bob,
    });
    await server.clients.owner.collections.createDataCollection({
      id: `Truncate_${level}`,
      fields: [{ key: 'text', type: 'TEXT' }],
      permissions: { read: level, insert: level, update: level, remove: level },
    });
  }
});
afterAll(() => server?.close());

describe.each(levels)('access level %s', (level) => {
  const collection = `Level_${level}`;

  it.each(['visitor', 'memberOwn', 'memberOther', 'staff', 'owner', 'app'] as const)(
    '%s: read, insert, update, patch, save, remove',
    async (caller) => {
      const access = expected[level][caller];
      const client = clientOf(caller);
      const target = await annsItem(collection);
      const total = await server.clients.owner.items.query(collection).count();

      // Read: get and query.
      if (access === 'none') {
        const denied = await failure(client.items.get(collection, target._id));
        expect([denied.code, denied.status]).toEqual(['WDE0027', 403]);
        expect((await failure(client.items.query(collection).find())).code).toBe('WDE0027');
        expect((await failure(client.items.query(collection).count())).code).toBe('WDE0027');
      } else if (access === 'own') {
        expect(await client.items.get(collection, target._id)).toBeNull();
        const visible = await client.items.query(collection).find();
        expect(visible.items.every((item) => item._owner === server.ids.bob)).toBe(true);
        expect(visible.items.map((item) => item._id)).not.toContain(target._id);
      } else {
        expect((await client.items.get(collection, target._id))?.text).toBe(target.text);
        // Under SITE_MEMBER_AUTHOR a member counts only their own items, even with full access to them.
        const visible =
          level === 'SITE_MEMBER_AUTHOR' && caller === 'memberOwn'
            ? await server.clients.owner.items.query(collection).eq('_owner', server.ids.ann).count()
            : total;
        expect(await client.items.query(collection).count()).toBe(visible);
      }

      // Insert: the inserted item is the caller's.
      if (access === 'none') {
        const denied = await failure(client.items.insert(collection, { text: 'refused' }));
        expect([denied.code, denied.status]).toEqual(['WDE0027', 403]);
        expect(await server.clients.owner.items.query(collection).count()).toBe(total);
      } else {
        const mine = await client.items.insert(collection, { text: `by ${caller}` });
        if (caller === 'memberOwn') expect(mine._owner).toBe(server.ids.ann);
        if (caller === 'memberOther') expect(mine._owner).toBe(server.ids.bob);
        if (caller === 'owner') expect(mine._owner).toBe(server.ids.owner);
        expect((await ownerView(collection, mine._id))?.text).toBe(`by ${caller}`);
      }

      // Update, patch, save and remove of Ann's item.
      if (access === 'all') {
        const updated = await client.items.update(collection, { _id: target._id, text: 'updated', n: 1 });
        expect(updated.text).toBe('updated');
        expect(updated._owner).toBe(server.ids.ann);
        expect((await client.items.patch(collection, target._id).incrementField('n', 2).run()).n).toBe(3);
        expect((await client.items.save(collection, { _id: target._id, text: 'saved' })).text).toBe('saved');
        expect((await client.items.remove(collection, target._id))?._id).toBe(target._id);
        expect(await ownerView(collection, target._id)).toBeNull();
      } else {
        const attempts = [
          () => client.items.update(collection, { _id: target._id, text: 'hacked' }),
          () => client.items.patch(collection, target._id).setField('text', 'hacked').run(),
          () => client.items.save(collection, { _id: target._id, text: 'hacked' }),
        ];
        // Refused outright (`none`), or, for another member's item, answered as a missing item (`own`).
        const refusal = access === 'none' ? ['WDE0027', 403] : ['WDE0073', 404];
        for (const attempt of attempts) {
          const denied = await failure(attempt());
          expect([denied.code, denied.status], denied.message).toEqual(refusal);
        }
        if (access === 'none') {
          const denied = await failure(client.items.remove(collection, target._id));
          expect([denied.code, denied.status], denied.message).toEqual(['WDE0027', 403]);
        } else {
          expect(await client.items.remove(collection, target._id)).toBeNull();
        }
        const untouched = await ownerView(collection, target._id);
        expect(untouched?.text).toBe(target.text);
        expect(untouched?._updatedDate).toEqual(target._updatedDate);
      }
    },
  );
});

describe.each(levels)('access level %s, the other calls', (level) => {
  const collection = `Level_${level}`;
  const bobs = `bob-${level}`;

  it.each(['visitor', 'memberOwn', 'memberOther', 'staff', 'owner', 'app'] as const)(
    '%s: distinct, aggregate, search, references, bulk calls, truncate',
    async (caller) => {
      const access = expected[level][caller];
      const client = clientOf(caller);
      const { owner } = server.clients;
      const target = await annsItem(collection);
      await owner.items.replaceReferences(collection, 'links', target._id, [bobs]);
      // A reference call answers 200 with a per-reference error, which the SDK raises without a status.
      const refused = async (call: () => Promise<unknown>, status: number | null = 403) => {
        const error = await failure(call());
        expect([error.code, error.status ?? null], error.message).toEqual(['WDE0027', status]);
      };

      // Reads.
      const reads = [
        () => client.items.distinct(collection, 'text'),
        () => client.items.aggregate(collection).count().run(),
        () =>
          client.items
            .search(collection)
            .expression(target.text as string)
            .run(),
        () => client.items.queryReferenced(collection, target._id, 'links'),
        () => client.items.isReferenced(collection, 'links', target._id, bobs),
      ];
      if (access === 'none') {
        for (const read of reads) await refused(read);
      } else {
        const sees = access === 'all';
        const limited =
          level === 'SITE_MEMBER_AUTHOR' && (caller === 'memberOwn' || caller === 'memberOther');
        const distinct = await client.items.distinct(collection, 'text');
        expect(distinct.items.includes(target.text), 'distinct').toBe(sees);
        const hits = await client.items
          .search(collection)
          .expression(target.text as string)
          .andMode()
          .run();
        expect(
          hits.items.map((item) => item._id),
          'search',
        ).toEqual(sees ? [target._id] : []);
        const links = await client.items.queryReferenced(collection, target._id, 'links');
        // Bob's item, the referenced one, is hidden from a member limited to their own items.
        expect(
          links.items.map((item) => item._id),
          'queryReferenced',
        ).toEqual(sees && !limited ? [bobs] : []);
        expect(await client.items.isReferenced(collection, 'links', target._id, bobs), 'isReferenced').toBe(
          sees,
        );
        const [row] = (await client.items.aggregate(collection).count().run()).items;
        const all = await owner.items.query(collection).count();
        const own = await owner.items
          .query(collection)
          .eq('_owner', client === server.clients.ann ? server.ids.ann : server.ids.bob)
          .count();
        expect(row?.count, 'aggregate').toBe(limited ? own : all);
      }

      // Bulk insert.
      if (access === 'none') {
        await refused(() => client.items.bulkInsert(collection, [{ text: 'bulk' }]));
      } else {
        expect((await client.items.bulkInsert(collection, [{ text: 'bulk' }])).inserted).toBe(1);
      }

      // Changes of Ann's item: bulk update and patch, references.
      const before = await owner.items.get(collection, target._id);
      if (access === 'none') {
        await refused(() => client.items.bulkUpdate(collection, [{ _id: target._id, text: 'x' }]));
        await refused(() => client.items.bulkPatch(collection, [target._id]).setField('text', 'x').run());
        await refused(() => client.items.insertReference(collection, 'links', target._id, target._id));
        await refused(() => client.items.removeReference(collection, 'links', target._id, bobs));
        await refused(() => client.items.replaceReferences(collection, 'links', target._id, [target._id]));
        await refused(() => client.items.bulkRemove(collection, [target._id]));
      } else if (access === 'own') {
        // Another member's item answers as a missing one (WDE0073, which the SDK counts as skipped).
        const update = await client.items.bulkUpdate(collection, [{ _id: target._id, text: 'x' }]);
        expect([update.updated, update.errors]).toEqual([0, []]);
        const patch = await client.items.bulkPatch(collection, [target._id]).setField('text', 'x').run();
        expect([patch.updated, patch.errors]).toEqual([0, []]);
        const missing = async (call: () => Promise<unknown>, status: number | null = 404) => {
          const error = await failure(call());
          expect([error.code, error.status ?? null], error.message).toEqual(['WDE0073', status]);
        };
        await missing(() => client.items.insertReference(collection, 'links', target._id, target._id), null);
        await missing(() => client.items.removeReference(collection, 'links', target._id, bobs), null);
        await missing(() => client.items.replaceReferences(collection, 'links', target._id, [target._id]));
        const remove = await client.items.bulkRemove(collection, [target._id]);
        expect([remove.removed, remove.errors]).toEqual([0, []]);
      }
      if (access !== 'all') {
        expect(await owner.items.get(collection, target._id)).toEqual(before);
        const links = await owner.items.queryReferenced(collection, target._id, 'links');
        expect(links.items.map((item) => item._id)).toEqual([bobs]);
      } else {
        expect(
          (await client.items.bulkUpdate(collection, [{ _id: target._id, text: 'y', n: 1 }])).updated,
        ).toBe(1);
        expect(
          (await client.items.bulkPatch(collection, [target._id]).incrementField('n', 1).run()).updated,
        ).toBe(1);
        await client.items.insertReference(collection, 'links', target._id, target._id);
        await client.items.removeReference(collection, 'links', target._id, bobs);
        const links = await owner.items.queryReferenced(collection, target._id, 'links');
        expect(links.items.map((item) => item._id)).toEqual([target._id]);
        await client.items.replaceReferences(collection, 'links', target._id, [bobs, target._id]);
        const replaced = await owner.items.queryReferenced(collection, target._id, 'links');
        expect(replaced.items.map((item) => item._id)).toEqual([bobs, target._id]);
        expect((await owner.items.get(collection, target._id))?.n).toBe(2);
        expect((await client.items.bulkRemove(collection, [target._id])).removed).toBe(1);
        expect(await owner.items.get(collection, target._id)).toBeNull();
      }

      // Truncate needs remove without the owner limit.
      const truncated = `Truncate_${level}`;
      await owner.items.insert(truncated, { text: 'to truncate' });
      if (access === 'all' && !(level === 'SITE_MEMBER_AUTHOR' && caller === 'memberOwn')) {
        await client.items.truncate(truncated);
        expect(await owner.items.query(truncated).count()).toBe(0);
      } else {
        await refused(() => client.items.truncate(truncated));
        expect(await owner.items.query(truncated).count()).toBeGreaterThan(0);
      }
    },
  );
});

describe('SITE_MEMBER_AUTHOR limits every read and write call of a member to their own items', () => {
  const collection = 'Level_SITE_MEMBER_AUTHOR';
  let annIds: string[];

  beforeAll(async () => {
    const { ann, owner } = server.clients;
    await owner.items.truncate(collection);
    annIds = (
      await ann.items.bulkInsert(collection, [
        { text: 'a1', n: 1 },
        { text: 'a2', n: 2 },
      ])
    ).insertedItemIds;
    await owner.items.bulkInsert(collection, [
      { _id: 'bob-1', text: 'b1', n: 10, _owner: server.ids.bob },
      { _id: 'bob-2', text: 'b2', n: 20, _owner: server.ids.bob },
      { _id: 'bob-3', text: 'b3', n: 30, _owner: server.ids.bob },
    ]);
  });

  it('count, distinct, aggregate and search see only the member’s items', async () => {
    const { ann, staff } = server.clients;
    expect(await ann.items.query(collection).count()).toBe(2);
    expect(await staff.items.query(collection).count()).toBe(5);
    expect((await ann.items.distinct(collection, 'text')).items).toEqual(['a1', 'a2']);
    const sums = await ann.items.aggregate(collection).sum('n', 'total').count().run();
    expect(sums.items.map((row) => [row.total, row.count])).toEqual([[3, 2]]);
    const hits = await ann.items.search(collection).expression('b1 b2 a1').orMode().run();
    expect(hits.items.map((item) => item.text)).toEqual(['a1']);
  });

  it('bulk calls skip others’ items as missing (WDE0073) and write only the member’s own', async () => {
    const { ann, owner } = server.clients;
    const updated = await ann.items.bulkUpdate(collection, [
      { _id: annIds[0]!, text: 'a1 changed', n: 1 },
      { _id: 'bob-1', text: 'stolen', n: 10 },
    ]);
    expect(updated.updatedItemIds).toEqual([annIds[0]]);
    expect(updated.errors).toEqual([]);
    const patched = await ann.items.bulkPatch(collection, [annIds[1]!, 'bob-2']).incrementField('n', 1).run();
    expect(patched.updatedItemIds).toEqual([annIds[1]]);
    expect(patched.errors).toEqual([]);
    const removed = await ann.items.bulkRemove(collection, ['bob-3']);
    expect(removed.removed).toBe(0);
    expect(removed.errors).toEqual([]);
    const bobs = await owner.items
      .query(collection)
      .in('_id', ['bob-1', 'bob-2', 'bob-3'])
      .ascending('_id')
      .find();
    expect(bobs.items.map((item) => [item.text, item.n])).toEqual([
      ['b1', 10],
      ['b2', 20],
      ['b3', 30],
    ]);
  });

  it('truncate needs remove without the owner limit: members are refused, staff may', async () => {
    const { ann, owner } = server.clients;
    expect((await failure(ann.items.truncate(collection))).code).toBe('WDE0027');
    expect(await owner.items.query(collection).count()).toBe(5);
  });

  it('an anonymous visitor cannot reach a members’ collection with any read call', async () => {
    const { visitor } = server.clients;
    for (const attempt of [
      () => visitor.items.distinct(collection, 'text'),
      () => visitor.items.aggregate(collection).count().run(),
      () => visitor.items.search(collection).expression('a1').run(),
    ]) {
      expect((await failure(attempt())).code).toBe('WDE0027');
    }
  });
});

describe('schemas and indexes are the owner’s, admins’ and apps’', () => {
  it('an app creates, lists and drops; staff, members and visitors are refused', async () => {
    const { app, staff, ann, visitor } = server.clients;
    const created = await app.collections.createDataCollection({
      id: 'ByApp',
      fields: [{ key: 'x', type: 'TEXT' }],
    });
    expect(created.id).toBe('ByApp');
    const index = await app.indexes.createIndex('ByApp', {
      name: 'byX',
      fields: [{ path: 'x', order: 'ASC' }],
    });
    expect(index.status).toBe('ACTIVE');
    for (const client of [staff, ann, visitor]) {
      const refused = await failure(client.collections.createDataCollection({ id: 'Nope', fields: [] }));
      expect(refused.status).toBe(403);
      expect((await failure(client.indexes.listIndexes('ByApp'))).status).toBe(403);
      expect((await failure(client.collections.deleteDataCollection('ByApp'))).status).toBe(403);
    }
    await app.collections.deleteDataCollection('ByApp');
    expect((await failure(app.collections.getDataCollection('ByApp'))).code).toBe('WDE0025');
  });
});
