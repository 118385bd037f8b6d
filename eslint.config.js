import fs from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

// Module doors: a module reaches another only through its index.ts; the platform reaches no module; inside
// a module only repositories (and table definitions) speak Drizzle. See docs/architecture.md.
const modulesDir = 'apps/server/src/modules';
const moduleNames = fs
  .readdirSync(new URL(`./${modulesDir}`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const drizzleOnlyInRepositories = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  // Services may hold and pass on SQL fragments (`SQL`) that repositories and the query engine build.
  allowTypeImports: true,
  message:
    'Only repositories (*.repository.ts) and table files (*.tables.ts) speak Drizzle: move the SQL there.',
};

/** Relative imports that climb out of module `name` into another module, other than its index.ts. */
function otherModulesInternals(name) {
  const others = moduleNames.filter((other) => other !== name).join('|');
  return {
    regex: `^(\\.\\./)+(modules/)?(${others})/(?!index\\.ts$).+`,
    message: 'Import another module only through its index.ts (its public surface).',
  };
}

/**
 * Services that still build SQL themselves, being moved into repositories (issue #16); each is listed
 * until its move lands, and the list only shrinks.
 */
const sqlStillInServices = [];

const moduleDoors = moduleNames.flatMap((name) => [
  {
    files: [`${modulesDir}/${name}/**/*.ts`],
    ignores: [
      `${modulesDir}/${name}/**/*.repository.ts`,
      `${modulesDir}/${name}/**/*.tables.ts`,
      ...sqlStillInServices,
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [otherModulesInternals(name), drizzleOnlyInRepositories] },
      ],
    },
  },
  {
    files: [
      `${modulesDir}/${name}/**/*.repository.ts`,
      `${modulesDir}/${name}/**/*.tables.ts`,
      ...sqlStillInServices.filter((file) => file.startsWith(`${modulesDir}/${name}/`)),
    ],
    rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesInternals(name)] }] },
  },
]);

const platformReachesNoModule = {
  files: ['apps/server/src/platform/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ regex: '^(\\.\\./)+modules/', message: 'The platform must not import a module.' }] },
    ],
  },
};

// Web feature slices (apps/web/README.md): a feature imports no other feature, a dashboard module no
// sibling module but dashboard/shared, nothing under features/ imports app/, and lib/, components/ and
// i18n/ import no feature. Imports are relative, so there is one block per folder depth: from a file d
// folders inside its slice, exactly d + 1 `../` leave the slice. Inside a slice only its api/ folder (always
// right under the slice) holds the SDK clients: components use its hooks.
const webSrc = 'apps/web/src';
const webSliceDepths = [0, 1, 2, 3, 4];
const up = (count) => `(\\.\\./){${count}}`;
const otherFeature = {
  message:
    'A feature imports no other feature: move what both need to components/ or lib/, or compose them in app/.',
};
const noApp = { message: 'Features do not import app/: app/ composes the features.' };
const sdkOnlyInApi = [
  {
    group: [
      '**/lib/bookings-api.ts',
      '**/api/admin-client.ts',
      '**/api/data-client.ts',
      '**/api/store-client.ts',
      '**/api/stores-api.ts',
      '**/api/ecom-api.ts',
      '**/api/orders-client.ts',
    ],
  },
  {
    group: ['**/lib/atrium-client.ts'],
    importNames: ['atrium', 'dashboardClient', 'memberAuth', 'staffAuth'],
  },
].map((pattern) => ({
  ...pattern,
  message: "Only the feature's api/ hooks call the server: add or use a hook there.",
}));

function sliceRules(depth, { dashboard }) {
  const base = dashboard ? 1 : 0;
  return [
    ...(dashboard
      ? [
          {
            regex: `^${up(depth + 1)}(?!shared/)[^./]`,
            message:
              'A dashboard module imports no sibling module, only dashboard/shared: move what both need there.',
          },
        ]
      : []),
    { regex: `^${up(depth + 1 + base)}[^./]`, ...otherFeature },
    { regex: `^${up(depth + 2 + base)}app/`, ...noApp },
  ];
}

const webFeatureSlices = [false, true].flatMap((dashboard) => {
  const slices = dashboard ? `${webSrc}/features/dashboard/*` : `${webSrc}/features/*`;
  const notDashboard = dashboard ? [] : [`${webSrc}/features/dashboard/**`];
  return [
    ...webSliceDepths.map((depth) => ({
      files: [`${slices}/${'*/'.repeat(depth)}*.{ts,tsx}`],
      ignores: [...notDashboard, `${slices}/api/**`],
      rules: {
        'no-restricted-imports': [
          'error',
          { patterns: [...sliceRules(depth, { dashboard }), ...sdkOnlyInApi] },
        ],
      },
    })),
    {
      files: [`${slices}/api/*.{ts,tsx}`],
      ignores: notDashboard,
      rules: { 'no-restricted-imports': ['error', { patterns: sliceRules(1, { dashboard }) }] },
    },
  ];
});
webFeatureSlices.push({
  files: [`${webSrc}/{lib,components,i18n}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(\\.\\./)+(features|app)/',
            message: 'lib/, components/ and i18n/ import no feature and not app/.',
          },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'apps/server/drizzle/**', 'e2e/screenshots/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...moduleDoors,
  platformReachesNoModule,
  ...webFeatureSlices,
);
