import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// `npx atrium start` as a production operator runs it: a real process on an empty database. It must come
// up with no demo data (no published owner password), and `atrium seed` must refuse.
const cli = path.resolve(import.meta.dirname, '../bin/atrium.mjs');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-production-'));
let server: ReturnType<typeof spawn> | undefined;
let baseUrl = '';
let clientId = '';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function productionEnv(port: number): NodeJS.ProcessEnv {
  // The server under test gets a clean production environment: none of the test runner's settings.
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SECRETS_KEY: 'cHJvZHVjdGlvbi10ZXN0LWtleS0zMi1ieXRlcy1sb24=',
  };
}

beforeAll(async () => {
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // The site's public OAuth client, as the web app learns it (read before the server holds the database).
  const site = spawnSync(process.execPath, [cli, 'site'], { env: productionEnv(port), encoding: 'utf8' });
  clientId = (JSON.parse(site.stdout) as { clientId: string }).clientId;
  server = spawn(process.execPath, [cli, 'start'], { env: productionEnv(port), stdio: 'pipe' });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const ready = await fetch(`${baseUrl}/readyz`).catch(() => undefined);
    if (ready?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the production server did not start');
}, 150_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('a production start', () => {
  it('seeds nothing: the demo owner cannot sign in and the catalogue is empty', async () => {
    const login = await fetch(`${baseUrl}/identity/v1/dashboard/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@example.com', password: 'atrium-demo-owner' }),
    });
    expect(login.status).toBe(403);
    const site = (await (
      await fetch(`${baseUrl}/sites/v1/site`, { headers: await visitorHeaders() })
    ).json()) as {
      site: { name: string };
    };
    expect(site.site.name).toBe('My Business');
    const services = await fetch(`${baseUrl}/bookings/v2/services/query`, {
      method: 'POST',
      headers: { ...(await visitorHeaders()), 'content-type': 'application/json' },
      body: JSON.stringify({ query: {} }),
    });
    expect(((await services.json()) as { services: unknown[] }).services).toEqual([]);
  });

  it('refuses the development credentials header', async () => {
    const response = await fetch(`${baseUrl}/sites/v1/site`, {
      headers: { 'x-atrium-dev-caller': 'WIX_USER:OWNER' },
    });
    expect(response.status).toBe(401);
  });

  it('refuses `atrium seed`, and demo seeding on start, in production', () => {
    const seed = spawnSync(process.execPath, [cli, 'seed'], {
      env: { ...productionEnv(1), DATA_DIR: path.join(dataDir, 'other') },
      encoding: 'utf8',
    });
    expect(seed.status).not.toBe(0);
    expect(seed.stderr).toContain('atrium seed is refused in production');
    const forced = spawnSync(process.execPath, [cli, 'start'], {
      env: { ...productionEnv(1), DATA_DIR: path.join(dataDir, 'forced'), SEED_ON_FIRST_START: 'true' },
      encoding: 'utf8',
    });
    expect(forced.status).not.toBe(0);
    expect(forced.stderr).toContain('SEED_ON_FIRST_START: must not be true in production');
  }, 60_000);
});

async function visitorHeaders(): Promise<Record<string, string>> {
  const response = await fetch(`${baseUrl}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'anonymous', clientId }),
  });
  const tokens = (await response.json()) as { access_token: string };
  return { authorization: `Bearer ${tokens.access_token}` };
}
