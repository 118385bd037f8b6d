// What a visitor and an owner wait for on a slow connection (issue #18 item 4): the built web app served by the
// real server (the CLI, on a fresh embedded database with the demo data), loaded in Debian's chromium with the
// network throttled as Chrome's "Fast 3G" (1.6 Mbit/s down, 750 kbit/s up, 150 ms latency), a fresh browser
// context (empty cache) per run. `npm run build:web && npm run bench -- site-load`; SITE_LOAD_RUNS sets the runs.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const owner = { email: 'owner@example.com', password: 'atrium-demo-owner' };
const apiPrefixes = ['/sites/', '/identity/', '/bookings/', '/ecom/', '/stores/', '/data/', '/oauth2/'];

export interface SiteLoadRun {
  siteJsKiB: number;
  siteFcpMs: number;
  dashboardApiCalls: number;
  dashboardUsableMs: number;
}

export interface SiteLoadFigures {
  runs: SiteLoadRun[];
  median: SiteLoadRun;
  /** Every script file the site's first load fetched, with its bytes over the wire (the last run's). */
  siteScripts: Array<{ file: string; KiB: number }>;
  /** The API calls the dashboard home made (the last run's). */
  dashboardCalls: string[];
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function startServer(): Promise<{ url: string; child: ChildProcess; dataDir: string }> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-site-load-'));
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'development',
    AUTH_RATE_LIMIT_PER_IP: '1000',
    AUTH_RATE_LIMIT_PER_LOGIN_ID: '1000',
  };
  const cli = path.join(root, 'apps/server/bin/atrium.mjs');
  const seeded = spawnSync(process.execPath, [cli, 'seed'], { cwd: root, env, stdio: 'inherit' });
  if (seeded.status !== 0) throw new Error('seeding the demo data failed');
  const child = spawn(process.execPath, [cli, 'start'], { cwd: root, env, stdio: 'inherit' });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${url}/readyz`)).ok) return { url, child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('the server did not become ready');
}

async function throttle(page: Page) {
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  return session;
}

/** The site's home page, first visit: script bytes over the wire (compressed) and first contentful paint. */
async function loadSiteHome(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const session = await throttle(page);
  const scripts = new Map<string, string>();
  const bytes = new Map<string, number>();
  session.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.set(event.requestId, event.response.url);
  });
  session.on('Network.loadingFinished', (event) => bytes.set(event.requestId, event.encodedDataLength));
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { level: 1 }).waitFor();
  const fcp = await page.evaluate(
    () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
  );
  const siteScripts = [...scripts].map(([requestId, scriptUrl]) => ({
    file: new URL(scriptUrl).pathname,
    KiB: Math.round(((bytes.get(requestId) ?? 0) / 1024) * 10) / 10,
  }));
  await context.close();
  return {
    jsKiB: Math.round(siteScripts.reduce((sum, script) => sum + script.KiB, 0) * 10) / 10,
    fcpMs: Math.round(fcp),
    siteScripts,
  };
}

/**
 * The dashboard home as a signed-in owner opens it: API calls from navigation until it is usable (the
 * greeting, today's bookings, the approvals and the chart all shown) and how long that took.
 */
async function loadDashboardHome(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${url}/dashboard/sign-in`);
  await page.getByLabel('Email').fill(owner.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor();
  await page.goto('about:blank');
  await throttle(page);
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    const pathname = new URL(request.url()).pathname;
    if (apiPrefixes.some((prefix) => pathname.startsWith(prefix))) apiCalls.push(pathname);
  });
  const started = Date.now();
  await page.goto(`${url}/dashboard`);
  await page.getByRole('heading', { name: /Welcome back/ }).waitFor({ timeout: 60_000 });
  await page.getByTestId('month-count').filter({ hasText: /^\d+$/ }).waitFor({ timeout: 60_000 });
  await page.locator('.recharts-surface').first().waitFor({ timeout: 60_000 });
  await page.getByTestId('today-count').filter({ hasText: /^\d+$/ }).waitFor({ timeout: 60_000 });
  await page.getByTestId('pending-count').filter({ hasText: /^\d+$/ }).waitFor({ timeout: 60_000 });
  const usableMs = Date.now() - started;
  // Calls the page would still make after it looks ready count too.
  await page.waitForLoadState('networkidle');
  await context.close();
  return { apiCalls, usableMs };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export async function runSiteLoadBench(): Promise<SiteLoadFigures> {
  if (!fs.existsSync(distIndex)) throw new Error('No built web app: run `npm run build:web` first');
  const runCount = Number(process.env.SITE_LOAD_RUNS ?? 5);
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  try {
    const runs: SiteLoadRun[] = [];
    let siteScripts: SiteLoadFigures['siteScripts'] = [];
    let dashboardCalls: string[] = [];
    for (let run = 0; run < runCount; run += 1) {
      const site = await loadSiteHome(browser, server.url);
      const dashboard = await loadDashboardHome(browser, server.url);
      siteScripts = site.siteScripts;
      dashboardCalls = dashboard.apiCalls;
      runs.push({
        siteJsKiB: site.jsKiB,
        siteFcpMs: site.fcpMs,
        dashboardApiCalls: dashboard.apiCalls.length,
        dashboardUsableMs: dashboard.usableMs,
      });
    }
    return {
      runs,
      median: {
        siteJsKiB: median(runs.map((run) => run.siteJsKiB)),
        siteFcpMs: median(runs.map((run) => run.siteFcpMs)),
        dashboardApiCalls: median(runs.map((run) => run.dashboardApiCalls)),
        dashboardUsableMs: median(runs.map((run) => run.dashboardUsableMs)),
      },
      siteScripts,
      dashboardCalls,
    };
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
    await new Promise((resolve) => server.child.once('exit', resolve));
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }
}

export function printSiteLoadFigures(figures: SiteLoadFigures) {
  console.log(
    `Site and dashboard first load, chromium throttled to 1.6 Mbit/s down, 750 kbit/s up, 150 ms latency ` +
      `(${figures.runs.length} runs, empty cache each)`,
  );
  console.table(
    [
      ...figures.runs.map((run, index) => ({ run: String(index + 1), ...run })),
      { run: 'median', ...figures.median },
    ].map((row) => ({
      run: row.run,
      'site JS KiB (wire)': row.siteJsKiB,
      'site FCP ms': row.siteFcpMs,
      'dashboard API calls': row.dashboardApiCalls,
      'dashboard usable ms': row.dashboardUsableMs,
    })),
  );
  console.log('Targets: site JS ≤ 200 KiB, FCP ≤ 2,500 ms; dashboard ≤ 5 API calls, usable ≤ 4,000 ms.');
  console.log('Scripts of the site home (last run):');
  console.table(figures.siteScripts);
  console.log(`API calls of the dashboard home (last run): ${figures.dashboardCalls.join(', ')}`);
}
