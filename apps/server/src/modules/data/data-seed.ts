import type { Site } from '@atrium/contract/sites';
import Fastify from 'fastify';
import { systemClock, type RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/database.ts';
import { createQueryRunner } from '../../platform/query/run-query.ts';
import { loadOrCreateSecret } from '../../platform/secrets/secrets.ts';
import { createDataModule } from './index.ts';

const team = [
  { _id: 'team-maya', name: 'Maya Okafor', role: 'Founder and lead teacher', email: 'maya@example.com', joined: '2019-03-01' },
  { _id: 'team-jonas', name: 'Jonas Berg', role: 'Pilates teacher', email: 'jonas@example.com', joined: '2021-09-15' },
  { _id: 'team-lea', name: 'Léa Moreau', role: 'Studio manager', email: 'lea@example.com', joined: '2022-01-10' },
];

const posts = [
  {
    _id: 'post-welcome',
    title: 'Welcome to our new studio',
    slug: 'welcome-to-our-new-studio',
    excerpt: 'Bigger rooms, more light and a tea corner: here is what changes for you.',
    body: 'After two years of planning we moved into the old print works by the river. Classes keep their times.',
    published: { $date: '2026-09-01T08:00:00.000Z' },
    tags: ['news', 'studio'],
    views: 412,
    featured: true,
    author: 'team-maya',
  },
  {
    _id: 'post-beginners',
    title: 'Yoga for complete beginners: your first five classes',
    slug: 'yoga-for-complete-beginners',
    excerpt: 'What to bring, what to expect and how to pace yourself in the first weeks.',
    body: 'Bring water and comfortable clothes; mats are provided. Tell your teacher about injuries before class.',
    published: { $date: '2026-09-20T07:30:00.000Z' },
    tags: ['yoga', 'beginners'],
    views: 1290,
    featured: false,
    author: 'team-maya',
  },
  {
    _id: 'post-pilates-core',
    title: 'Three pilates exercises for a stronger core',
    slug: 'three-pilates-exercises-for-a-stronger-core',
    excerpt: 'Ten minutes a day, no equipment needed.',
    body: 'The hundred, the single-leg stretch and the roll-up, explained step by step with common mistakes.',
    published: { $date: '2026-10-12T06:00:00.000Z' },
    tags: ['pilates', 'exercise'],
    views: 856,
    featured: false,
    author: 'team-jonas',
  },
  {
    _id: 'post-winter-timetable',
    title: 'Winter timetable and holiday closures',
    slug: 'winter-timetable-and-holiday-closures',
    excerpt: 'Early-morning classes move to 7:00 from November; we close from 24 to 26 December.',
    body: 'The evening flow class gets a second weekly slot on Thursdays. Memberships pause automatically.',
    published: { $date: '2026-11-02T09:00:00.000Z' },
    tags: ['news', 'timetable'],
    views: 230,
    featured: true,
    author: 'team-lea',
  },
];

/** The demo site's collections: a blog ("Posts") and its authors ("Team"). Leaves existing ones alone. */
export async function seedDataCollections(database: Database, site: Site): Promise<boolean> {
  // Seeding emits no item events: nothing is subscribed on a fresh install, and the queue is not running here.
  const module = createDataModule({
    database,
    events: { emit: async () => '' },
    queries: createQueryRunner({ cursorKey: await loadOrCreateSecret(database, 'cursor') }),
  });
  const ctx: RequestContext = {
    requestId: 'seed',
    site,
    caller: { identityType: 'WIX_USER', role: 'OWNER', identityId: 'seed' },
    log: Fastify({ logger: false }).log,
    now: systemClock.now,
  };
  const existing = await module.collections.list(ctx, { limit: 100 });
  if (existing.collections.some((collection) => collection.id === 'Posts' || collection.id === 'Team')) return false;
  await module.collections.create(ctx, {
    id: 'Team',
    displayName: 'Team',
    displayField: 'name',
    fields: [
      { key: 'name', displayName: 'Name', type: 'TEXT' },
      { key: 'role', displayName: 'Role', type: 'TEXT' },
      { key: 'email', displayName: 'Email', type: 'EMAIL' },
      { key: 'joined', displayName: 'Joined', type: 'DATE' },
    ],
    permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
  });
  await module.collections.create(ctx, {
    id: 'Posts',
    displayName: 'Blog posts',
    displayField: 'title',
    fields: [
      { key: 'title', displayName: 'Title', type: 'TEXT' },
      { key: 'slug', displayName: 'Slug', type: 'TEXT' },
      { key: 'excerpt', displayName: 'Excerpt', type: 'TEXT' },
      { key: 'body', displayName: 'Body', type: 'RICH_TEXT' },
      { key: 'published', displayName: 'Published', type: 'DATETIME' },
      { key: 'tags', displayName: 'Tags', type: 'ARRAY_STRING' },
      { key: 'views', displayName: 'Views', type: 'NUMBER' },
      { key: 'featured', displayName: 'Featured', type: 'BOOLEAN' },
      {
        key: 'author',
        displayName: 'Author',
        type: 'REFERENCE',
        typeMetadata: { reference: { referencedCollectionId: 'Team' } },
      },
    ],
    permissions: { read: 'ANYONE', insert: 'ADMIN', update: 'ADMIN', remove: 'ADMIN' },
    defaultDisplayOrder: { fieldKey: 'published', direction: 'DESC' },
  });
  await module.bulk.insert(ctx, 'Team', team.map((data) => ({ data })), { returnEntity: false });
  await module.bulk.insert(ctx, 'Posts', posts.map((data) => ({ data })), { returnEntity: false });
  await module.indexes.create(ctx, 'Posts', { name: 'byPublished', fields: [{ path: 'published', order: 'DESC' }] });
  return true;
}
