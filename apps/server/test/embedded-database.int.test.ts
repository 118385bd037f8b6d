import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/platform/config.ts';
import { openDatabase } from '../src/platform/db/database.ts';
import { DataDirInUseError } from '../src/platform/db/data-dir-lock.ts';
import { inject, owner } from './test-app.ts';

// These tests are about the embedded database, so they run on PGlite whatever DATABASE_URL says.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-embedded-'));
const config = testConfig({ DATABASE_URL: '', DATA_DIR: dataDir });

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded database', () => {
  it('keeps data across a restart', async () => {
    const first = await buildApp({ config });
    const renamed = await inject(first, {
      method: 'PATCH',
      url: '/sites/v1/site',
      payload: { site: { name: 'Survives Restarts' } },
      headers: owner,
    });
    expect(renamed.status).toBe(200);
    await first.close();

    const second = await buildApp({ config });
    const site = await inject(second, { method: 'GET', url: '/sites/v1/site', headers: owner });
    expect(site.body.site.name).toBe('Survives Restarts');
    expect(site.body.site.id).toBe(renamed.body.site.id);
    await second.close();
  });

  it('refuses a second opener of the same folder with a clear message', async () => {
    const owning = await openDatabase({ dataDir });
    await expect(openDatabase({ dataDir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ dataDir })).rejects.toThrow(/already open in another Atrium process/);
    await owning.close();
    const reopened = await openDatabase({ dataDir });
    await reopened.close();
  });
});

describe('production mode', () => {
  it('refuses development credentials', async () => {
    const app = await buildApp({
      config: testConfig({
        DATABASE_URL: '',
        NODE_ENV: 'production',
        ALLOW_DEV_CALLER_HEADER: 'false',
        DATA_DIR: path.join(dataDir, 'prod'),
      }),
    });
    const response = await inject(app, { method: 'GET', url: '/sites/v1/site', headers: owner });
    expect(response.status).toBe(401);
    expect(() => testConfig({ NODE_ENV: 'production' })).toThrow(/ALLOW_DEV_CALLER_HEADER: must not be true/);
    await app.close();
  });
});
