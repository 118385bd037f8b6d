import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The lint rules of eslint.config.js that keep modules apart, run on fixture code placed (virtually) inside
// the server, so `npm run lint` shows they work without a failing file in the tree.
const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: root });

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('module doors', () => {
  it("refuses a module that imports another module's tables, repository or service", async () => {
    const found = await problems(
      'apps/server/src/modules/bookings/lifecycle/fixture.ts',
      [
        "import { dataItems } from '../../data/data.tables.ts';",
        "import { createDataRepository } from '../../data/data.repository.ts';",
        "import { identities } from '../../identity/identity.tables.ts';",
        'export const used = [dataItems, createDataRepository, identities];',
      ].join('\n'),
    );
    expect(found).toHaveLength(3);
    expect(found[0]).toContain('only through its index.ts');
  });

  it("lets a module use another's index.ts, and its own files", async () => {
    expect(
      await problems(
        'apps/server/src/modules/bookings/lifecycle/fixture.ts',
        [
          "import { createDataModule } from '../../data/index.ts';",
          "import { bookings } from './bookings.tables.ts';",
          "import { createStaffRepository } from '../staff.repository.ts';",
          'export const used = [createDataModule, bookings, createStaffRepository];',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('keeps Drizzle in repositories and table files', async () => {
    const code = "import { eq } from 'drizzle-orm';\nexport const used = eq;";
    expect(await problems('apps/server/src/modules/data/fixture.service.ts', code)).toHaveLength(1);
    expect(await problems('apps/server/src/modules/data/fixture.repository.ts', code)).toEqual([]);
    const typeOnly = "import type { SQL } from 'drizzle-orm';\nexport type Where = SQL;";
    expect(await problems('apps/server/src/modules/data/fixture.service.ts', typeOnly)).toEqual([]);
  });

  it('refuses a platform file that imports a module', async () => {
    const found = await problems(
      'apps/server/src/platform/http/fixture.ts',
      "import { createBookingsCatalogueModule } from '../../modules/bookings/index.ts';\nexport const used = createBookingsCatalogueModule;",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('platform must not import a module');
  });
});
