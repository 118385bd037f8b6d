import type { Site } from '@atrium/contract/sites';
import Fastify from 'fastify';
import { systemClock, type RequestContext } from '../../platform/context.ts';
import type { Database } from '../../platform/db/database.ts';
import { createQueryRunner } from '../../platform/query/run-query.ts';
import { loadOrCreateSecret } from '../../platform/secrets/secrets.ts';
import type { SecretSealer } from '../../platform/secrets/sealing.ts';
import { createDataModule } from './index.ts';

const team = [
  {
    _id: 'team-maya',
    name: 'Maya Okafor',
    role: 'Founder and lead teacher',
    email: 'maya@example.com',
    joined: '2019-03-01',
    specialties: ['Vinyasa', 'Yin', 'Teacher training'],
    classesPerWeek: 9,
    active: true,
    bio: 'Maya taught in Lagos and Lisbon before opening the studio. Her classes are slow, strong and full of breath work.',
  },
  {
    _id: 'team-jonas',
    name: 'Jonas Berg',
    role: 'Pilates teacher',
    email: 'jonas@example.com',
    joined: '2021-09-15',
    specialties: ['Mat pilates', 'Reformer', 'Back care'],
    classesPerWeek: 12,
    active: true,
    bio: 'A former physiotherapist, Jonas builds every class around good posture and a strong core.',
  },
  {
    _id: 'team-lea',
    name: 'Léa Moreau',
    role: 'Studio manager',
    email: 'lea@example.com',
    joined: '2022-01-10',
    specialties: ['Memberships', 'Events'],
    classesPerWeek: 0,
    active: true,
    bio: 'Léa runs the front desk, the timetable and the members’ questions, usually with a pot of tea.',
  },
  {
    _id: 'team-sam',
    name: 'Sam Whitfield',
    role: 'Yoga teacher',
    email: 'sam@example.com',
    joined: '2023-04-03',
    specialties: ['Hatha', 'Beginners', 'Prenatal'],
    classesPerWeek: 7,
    active: true,
    bio: 'Sam teaches the beginners’ courses and the Sunday prenatal class.',
  },
  {
    _id: 'team-priya',
    name: 'Priya Raman',
    role: 'Massage therapist',
    email: 'priya@example.com',
    joined: '2024-02-19',
    specialties: ['Deep tissue', 'Sports massage'],
    classesPerWeek: 0,
    active: true,
    bio: 'Priya offers 60- and 90-minute treatments on weekday afternoons and Saturdays.',
  },
  {
    _id: 'team-tomas',
    name: 'Tomás Ruiz',
    role: 'Guest teacher',
    email: 'tomas@example.com',
    joined: '2024-10-01',
    specialties: ['Ashtanga'],
    classesPerWeek: 2,
    active: false,
    bio: 'Tomás visits from Seville twice a year for Ashtanga weekends.',
  },
];

/** One blog post; `published` is a UTC date-time. */
function post(
  id: string,
  title: string,
  published: string,
  author: string,
  details: {
    excerpt: string;
    body: string;
    tags: string[];
    views: number;
    featured?: boolean;
    minutes: number;
  },
) {
  return {
    _id: `post-${id}`,
    title,
    slug: title
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9\s-]/g, '')
      .trim()
      .replace(/\s+/g, '-'),
    excerpt: details.excerpt,
    body: details.body,
    published: { $date: published },
    tags: details.tags,
    views: details.views,
    readingMinutes: details.minutes,
    featured: details.featured ?? false,
    author,
  };
}

const posts = [
  post('welcome', 'Welcome to our new studio', '2026-09-01T08:00:00.000Z', 'team-maya', {
    excerpt: 'Bigger rooms, more light and a tea corner: here is what changes for you.',
    body: 'After two years of planning we moved into the old print works by the river. Classes keep their times.',
    tags: ['news', 'studio'],
    views: 412,
    featured: true,
    minutes: 3,
  }),
  post(
    'beginners',
    'Yoga for complete beginners: your first five classes',
    '2026-09-20T07:30:00.000Z',
    'team-maya',
    {
      excerpt: 'What to bring, what to expect and how to pace yourself in the first weeks.',
      body: 'Bring water and comfortable clothes; mats are provided. Tell your teacher about injuries before class.',
      tags: ['yoga', 'beginners'],
      views: 1290,
      minutes: 6,
    },
  ),
  post(
    'pilates-core',
    'Three pilates exercises for a stronger core',
    '2026-10-12T06:00:00.000Z',
    'team-jonas',
    {
      excerpt: 'Ten minutes a day, no equipment needed.',
      body: 'The hundred, the single-leg stretch and the roll-up, explained step by step with common mistakes.',
      tags: ['pilates', 'exercise'],
      views: 856,
      minutes: 5,
    },
  ),
  post('winter-timetable', 'Winter timetable and holiday closures', '2026-11-02T09:00:00.000Z', 'team-lea', {
    excerpt: 'Early-morning classes move to 7:00 from November; we close from 24 to 26 December.',
    body: 'The evening flow class gets a second weekly slot on Thursdays. Memberships pause automatically.',
    tags: ['news', 'timetable'],
    views: 230,
    featured: true,
    minutes: 2,
  }),
  post('breathing', 'Breathing for better sleep', '2026-06-14T18:00:00.000Z', 'team-maya', {
    excerpt: 'A four-minute breathing practice to wind down after a long day.',
    body: 'Lie on your back, one hand on the belly. Breathe in for four, hold for four, out for six. Repeat eight times.',
    tags: ['yoga', 'wellbeing'],
    views: 2104,
    featured: true,
    minutes: 4,
  }),
  post('reformer', 'Reformer classes are here', '2026-05-02T09:00:00.000Z', 'team-jonas', {
    excerpt: 'Six new reformers in studio two, and an intro course to learn them safely.',
    body: 'Every reformer class is capped at six people. Start with the two-week intro course before joining open classes.',
    tags: ['pilates', 'news'],
    views: 1533,
    minutes: 3,
  }),
  post('prenatal', 'Prenatal yoga: questions we hear most', '2026-07-08T10:00:00.000Z', 'team-sam', {
    excerpt: 'When to start, what to avoid and why your midwife will probably say yes.',
    body: 'Most people can start after the first trimester. We avoid deep twists and lying on the belly; props help everywhere else.',
    tags: ['yoga', 'prenatal'],
    views: 978,
    minutes: 7,
  }),
  post(
    'massage-after-running',
    'Why runners book a sports massage',
    '2026-08-19T12:00:00.000Z',
    'team-priya',
    {
      excerpt: 'Tight calves and hips? What a sports massage does, and when to book it before a race.',
      body: 'Book two to four days before a race, never the day before. Afterwards, wait 48 hours and drink plenty of water.',
      tags: ['massage', 'running'],
      views: 644,
      minutes: 4,
    },
  ),
  post('ashtanga-weekend', 'Ashtanga weekend with Tomás', '2026-10-20T08:00:00.000Z', 'team-tomas', {
    excerpt: 'Two days of Mysore-style practice, led classes and a Q&A on the primary series.',
    body: 'Saturday and Sunday, 8:00 to 12:00. Suitable for anyone who knows the sun salutations; 20 places.',
    tags: ['yoga', 'events'],
    views: 387,
    minutes: 2,
  }),
  post('back-care', 'Desk job? Five moves for your lower back', '2026-04-11T07:00:00.000Z', 'team-jonas', {
    excerpt: 'Small movements you can do between meetings, no mat needed.',
    body: 'Cat-cow while seated, a standing hip hinge, a doorway chest stretch, a seated twist and a wall angel.',
    tags: ['pilates', 'back care', 'exercise'],
    views: 3120,
    minutes: 5,
  }),
  post('gift-cards', 'Gift cards for the holidays', '2026-10-28T09:00:00.000Z', 'team-lea', {
    excerpt: 'Give a class pack or a massage: cards are valid for a year and can be used for anything.',
    body: 'Buy at the front desk or online; the card arrives by email with a printable version.',
    tags: ['news', 'gifts'],
    views: 158,
    minutes: 1,
  }),
  post('teacher-training', 'Our first 200-hour teacher training', '2026-03-03T08:00:00.000Z', 'team-maya', {
    excerpt: 'Twelve weekends from September; applications are open until June.',
    body: 'Anatomy, philosophy, sequencing and lots of practice teaching, with Maya and guest teachers.',
    tags: ['yoga', 'training'],
    views: 1876,
    minutes: 6,
  }),
];

/** The demo site's collections: a blog ("Posts") and its authors ("Team"). Leaves existing ones alone. */
export async function seedDataCollections(
  database: Database,
  site: Site,
  sealer: SecretSealer,
): Promise<boolean> {
  // Seeding emits no item events: nothing is subscribed on a fresh install, and the queue is not running here.
  const module = createDataModule({
    database,
    events: { emit: async () => '' },
    queries: createQueryRunner({ cursorKey: await loadOrCreateSecret(database, 'cursor', sealer) }),
  });
  const ctx: RequestContext = {
    requestId: 'seed',
    site,
    caller: { identityType: 'WIX_USER', role: 'OWNER', identityId: 'seed' },
    log: Fastify({ logger: false }).log,
    now: systemClock.now,
  };
  const existing = await module.collections.list(ctx, { limit: 100 });
  if (existing.collections.some((collection) => collection.id === 'Posts' || collection.id === 'Team'))
    return false;
  await module.collections.create(ctx, {
    id: 'Team',
    displayName: 'Team',
    displayField: 'name',
    fields: [
      { key: 'name', displayName: 'Name', type: 'TEXT' },
      { key: 'role', displayName: 'Role', type: 'TEXT' },
      { key: 'email', displayName: 'Email', type: 'EMAIL' },
      { key: 'joined', displayName: 'Joined', type: 'DATE' },
      { key: 'specialties', displayName: 'Specialties', type: 'ARRAY_STRING' },
      { key: 'classesPerWeek', displayName: 'Classes a week', type: 'NUMBER' },
      { key: 'active', displayName: 'Active', type: 'BOOLEAN' },
      { key: 'bio', displayName: 'Bio', type: 'TEXT' },
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
      { key: 'readingMinutes', displayName: 'Reading time (min)', type: 'NUMBER' },
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
  await module.bulk.insert(
    ctx,
    'Team',
    team.map((data) => ({ data })),
    { returnEntity: false },
  );
  await module.bulk.insert(
    ctx,
    'Posts',
    posts.map((data) => ({ data })),
    { returnEntity: false },
  );
  await module.indexes.create(ctx, 'Posts', {
    name: 'byPublished',
    fields: [{ path: 'published', order: 'DESC' }],
  });
  return true;
}
