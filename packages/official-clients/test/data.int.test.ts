import * as collections from '@wix/auto_sdk_data_collections';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import * as items from '@wix/wix-data-items-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startAtriumBehindOfficialHost,
  type AtriumBehindOfficialHost,
} from './atrium-behind-official-host.ts';

// The official data client (`@wix/data`'s items and collections), unchanged, against Atrium: every call
// a headless site makes, as the business (API key) and as a visitor (anonymous OAuth token).

let atrium: AtriumBehindOfficialHost;
let business: ReturnType<typeof clientsWith>;
let visitor: ReturnType<typeof clientsWith>;

function clientsWith(auth: ReturnType<typeof ApiKeyStrategy> | ReturnType<typeof OAuthStrategy>) {
  return createClient({ modules: { items, collections }, auth });
}

const anyoneReads = { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' } as const;

beforeAll(async () => {
  atrium = await startAtriumBehindOfficialHost();
  business = clientsWith(ApiKeyStrategy({ apiKey: atrium.apiKey, siteId: atrium.siteId }));
  visitor = clientsWith(OAuthStrategy({ clientId: atrium.clientId }));
  await business.collections.createDataCollection({
    _id: 'Authors',
    displayName: 'Authors',
    fields: [{ key: 'name', type: 'TEXT' }],
    permissions: anyoneReads,
  });
  await business.collections.createDataCollection({
    _id: 'Books',
    displayName: 'Books',
    displayField: 'title',
    fields: [
      { key: 'title', type: 'TEXT' },
      { key: 'pages', type: 'NUMBER' },
      { key: 'published', type: 'DATETIME' },
      { key: 'genre', type: 'TEXT' },
      {
        key: 'authors',
        type: 'MULTI_REFERENCE',
        typeMetadata: {
          multiReference: {
            referencedCollectionId: 'Authors',
            referencingFieldKey: 'books',
            referencingDisplayName: 'Books',
          },
        },
      },
    ],
    permissions: anyoneReads,
  });
});

afterAll(async () => {
  await atrium?.close();
});

describe('the official data client against Atrium', () => {
  it('reads and changes collections', async () => {
    const books = await business.collections.getDataCollection('Books');
    expect(books._id).toBe('Books');
    expect(books.fields?.map((field) => field.key)).toEqual(
      expect.arrayContaining(['_id', '_createdDate', 'title', 'pages', 'published', 'authors']),
    );
    const listed = await business.collections.listDataCollections();
    expect(listed.collections?.map((collection) => collection._id)).toEqual(
      expect.arrayContaining(['Authors', 'Books']),
    );

    await business.collections.createDataCollection({
      _id: 'Scratch',
      fields: [{ key: 'note', type: 'TEXT' }],
      permissions: anyoneReads,
    });
    await business.collections.deleteDataCollection('Scratch');
    const after = await business.collections.listDataCollections();
    expect(after.collections?.map((collection) => collection._id)).not.toContain('Scratch');
  });

  it('inserts, gets, updates, saves, patches and removes items, dates as Dates', async () => {
    const dune = await business.items.insert('Books', {
      title: 'Dune',
      pages: 412,
      published: new Date('1965-08-01T00:00:00Z'),
      genre: 'sf',
    });
    expect(dune._id).toEqual(expect.any(String));
    expect(dune._createdDate).toBeInstanceOf(Date);
    expect(dune.published).toEqual(new Date('1965-08-01T00:00:00Z'));

    const got = await visitor.items.get('Books', dune._id!);
    expect(got).toMatchObject({ _id: dune._id, title: 'Dune', pages: 412 });
    expect(got!.published).toEqual(new Date('1965-08-01T00:00:00Z'));

    const updated = await business.items.update('Books', { ...dune, pages: 413 });
    expect(updated.pages).toBe(413);

    const saved = await business.items.save('Books', { _id: 'saved-once', title: 'Saved', pages: 1 });
    expect(saved._id).toBe('saved-once');
    const savedAgain = await business.items.save('Books', { _id: 'saved-once', title: 'Saved twice' });
    expect(savedAgain.title).toBe('Saved twice');

    const patched = await business.items
      .patch('Books', dune._id!)
      .setField('genre', 'science fiction')
      .incrementField('pages', 1)
      .run();
    expect(patched).toMatchObject({ genre: 'science fiction', pages: 414 });

    const removed = await business.items.remove('Books', 'saved-once');
    expect(removed?._id).toBe('saved-once');
    expect(await business.items.get('Books', 'saved-once')).toBeNull();
    await business.items.remove('Books', dune._id!);
  });

  it('bulk inserts, updates and removes with the bulk result', async () => {
    const inserted = await business.items.bulkInsert('Books', [
      { _id: 'bulk-1', title: 'Emma', pages: 474 },
      { _id: 'bulk-2', title: 'Persuasion', pages: 249 },
    ]);
    expect(inserted).toMatchObject({ inserted: 2, errors: [] });
    expect(inserted.insertedItemIds).toEqual(['bulk-1', 'bulk-2']);

    const updated = await business.items.bulkUpdate('Books', [
      { _id: 'bulk-1', title: 'Emma', pages: 475 },
      { _id: 'bulk-2', title: 'Persuasion', pages: 250 },
    ]);
    expect(updated).toMatchObject({ updated: 2 });
    expect((await business.items.get('Books', 'bulk-2'))?.pages).toBe(250);

    const removed = await business.items.bulkRemove('Books', ['bulk-1', 'bulk-2']);
    expect(removed).toMatchObject({ removed: 2, removedItemIds: ['bulk-1', 'bulk-2'] });
  });

  describe('reads with the fluent builders', () => {
    beforeAll(async () => {
      await business.items.truncate('Books');
      await business.items.bulkInsert('Books', [
        { title: 'Dune', pages: 412, published: new Date('1965-08-01T00:00:00Z'), genre: 'sf' },
        { title: 'Emma', pages: 474, published: new Date('1815-12-23T00:00:00Z'), genre: 'novel' },
        { title: 'Hyperion', pages: 482, published: new Date('1989-05-26T00:00:00Z'), genre: 'sf' },
        { title: 'Middlemarch', pages: 880, published: new Date('1871-12-01T00:00:00Z'), genre: 'novel' },
        { title: 'Solaris', pages: 204, published: new Date('1961-06-01T00:00:00Z'), genre: 'sf' },
      ]);
    });

    it('filters on dates and sorts', async () => {
      const result = await visitor.items
        .query('Books')
        .gt('published', new Date('1900-01-01T00:00:00Z'))
        .descending('published')
        .find();
      expect(result.items.map((item) => item.title)).toEqual(['Hyperion', 'Dune', 'Solaris']);
    });

    it('pages with totals and next()', async () => {
      const first = await visitor.items
        .query('Books')
        .ascending('title')
        .limit(2)
        .find({ returnTotalCount: true });
      expect(first.items.map((item) => item.title)).toEqual(['Dune', 'Emma']);
      expect(first.totalCount).toBe(5);
      expect(first.hasNext()).toBe(true);
      const second = await first.next();
      expect(second.items.map((item) => item.title)).toEqual(['Hyperion', 'Middlemarch']);
      const third = await second.next();
      expect(third.items.map((item) => item.title)).toEqual(['Solaris']);
      expect(third.hasNext()).toBe(false);
    });

    it('counts, lists distinct values and aggregates', async () => {
      expect(await visitor.items.query('Books').eq('genre', 'sf').count()).toBe(3);
      const distinct = await visitor.items.query('Books').distinct('genre');
      expect([...distinct.items].sort()).toEqual(['novel', 'sf']);
      const aggregated = await visitor.items
        .aggregate('Books')
        .group('genre')
        .avg('pages')
        .max('pages')
        .count()
        .ascending('genre')
        .run();
      expect(aggregated.items).toEqual([
        expect.objectContaining({ genre: 'novel', pagesAvg: 677, pagesMax: 880, count: 2 }),
        expect.objectContaining({ genre: 'sf', pagesAvg: 366, pagesMax: 482, count: 3 }),
      ]);
    });

    it('searches text', async () => {
      const found = await visitor.items.search('Books').expression('hyperion').run();
      expect(found.items.map((item) => item.title)).toEqual(['Hyperion']);
    });
  });

  it('inserts, queries, includes and removes references', async () => {
    const book = await business.items.insert('Books', { title: 'Children of Dune' });
    const author = await business.items.insert('Authors', { name: 'Frank Herbert' });

    await business.items.insertReference('Books', 'authors', book._id!, author._id!);
    expect(await visitor.items.isReferenced('Books', 'authors', book._id!, author._id!)).toBe(true);
    const referenced = await visitor.items.queryReferenced('Books', book._id!, 'authors');
    expect(referenced.items.map((item) => item.name)).toEqual(['Frank Herbert']);
    const included = await visitor.items.query('Books').eq('_id', book._id!).include('authors').find();
    expect((included.items[0]!.authors as Array<{ name: string }>).map((item) => item.name)).toEqual([
      'Frank Herbert',
    ]);

    await business.items.removeReference('Books', 'authors', book._id!, author._id!);
    expect(await visitor.items.isReferenced('Books', 'authors', book._id!, author._id!)).toBe(false);
  });

  it('refuses a visitor the insert the collection reserves for admins, with the WDE code', async () => {
    const error = await visitor.items.insert('Books', { title: 'Not mine to add' }).then(
      () => undefined,
      (caught: unknown) => caught as { message: string; details?: { applicationError?: { code?: string } } },
    );
    expect(error?.message).toContain('requires ADMIN');
    expect(error?.details?.applicationError?.code).toBe('WDE0027');
    expect(await business.items.query('Books').eq('title', 'Not mine to add').count()).toBe(0);
  });

  it('called Atrium under the official prefixes only', () => {
    const paths = atrium.pathsCalled();
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect(path).toMatch(/ \/(wix-data\/v2|oauth2)\//);
    expect(atrium.forwarded.filter((request) => request.status >= 500)).toEqual([]);
  });
});
