import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4800);
const dataDir = path.join(os.tmpdir(), `atrium-e2e-${port}`);
export const baseURL = `http://127.0.0.1:${port}`;
export const secondSiteHost = 'b.atrium.test';
export const secondSiteURL = `http://${secondSiteHost}:${port}`;
const secondSiteFile = `${dataDir}-second-site.json`;

// Debian's chromium: browsers are never downloaded by a test tool here.
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // The second site of sites.spec.ts answers at b.atrium.test: the same server, another host name.
    '--host-resolver-rules=MAP *.atrium.test 127.0.0.1',
  ],
};

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  reporter: [['list']],
  use: {
    baseURL,
    launchOptions: chromium,
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    // A fresh embedded database with demo data, a second site with its own demo data at b.atrium.test (made
    // with the CLI, as an operator would), then the real server serving the built web app.
    command: [
      `rm -rf ${dataDir} ${secondSiteFile}`,
      'node apps/server/bin/atrium.mjs seed',
      `node apps/server/bin/atrium.mjs create-site --name "Harbour Yoga" --timezone UTC --host ${secondSiteHost} > ${secondSiteFile}`,
      `node apps/server/bin/atrium.mjs seed --site "$(node -p 'require(process.argv[1]).id' ${secondSiteFile})"`,
      'node apps/server/bin/atrium.mjs start',
    ].join(' && '),
    cwd: path.resolve(import.meta.dirname, '..'),
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // The tests prepare data through the development credentials header, which is off unless set.
      ALLOW_DEV_CALLER_HEADER: 'true',
      // Every dashboard test signs the demo owner in, many times a minute from one address; the sign-in limits
      // themselves are tested in apps/server/test/identity-*.test.ts.
      AUTH_RATE_LIMIT_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_LOGIN_ID: '1000',
      // The catalogue test connects a calendar it serves itself on 127.0.0.1.
      BOOKINGS_ICS_ALLOW_PRIVATE_ADDRESSES: 'true',
      // The webhooks test runs its receiver on 127.0.0.1.
      WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true',
      ...(process.env.ATRIUM_WEB_DIST ? { ATRIUM_WEB_DIST: process.env.ATRIUM_WEB_DIST } : {}),
    },
  },
});
