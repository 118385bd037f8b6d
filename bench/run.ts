// `npm run bench [-- name ...]`: the benchmarks (all, or those named: http, availability, bookings, data, data-client, calendar, stores, ecom, webhooks, site-load), printed as
// tables. DATABASE_URL selects PostgreSQL (each benchmark makes and drops its own scratch database), else PGlite.
import os from 'node:os';
import { runHttpOverheadBench, type BenchFigure } from './http-overhead.bench.ts';
import { runBookingsBench } from './bookings.bench.ts';
import { printAvailabilityFigures, runAvailabilityBench } from './availability.bench.ts';
import { printDataBench, runDataBench } from './data.bench.ts';
import { printDataClientBench, runDataClientBench } from './data-client.bench.ts';
import { printAvailabilityClientFigures, runAvailabilityClientBench } from './availability-client.bench.ts';
import { printCalendarFigures, runCalendarBench } from './dashboard-calendar.bench.ts';
import { printStoresBench, runStoresBench } from './stores.bench.ts';
import { printEcomBench, runEcomBench } from './ecom.bench.ts';
import { printWebhooksBench, runWebhooksBench } from './webhooks.bench.ts';
import { printSiteLoadFigures, runSiteLoadBench } from './site-load.bench.ts';

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)';
console.log(
  `Atrium benchmarks on ${database}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), ` +
    `Node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}\n`,
);

function printRequests(title: string, figures: BenchFigure[]) {
  console.log(title);
  console.table(
    figures.map((figure) => ({
      benchmark: figure.name,
      'req/s': figure.requestsPerSecond,
      'p50 ms': figure.p50Ms,
      'p99 ms': figure.p99Ms,
    })),
  );
}

const benchmarks: Record<string, () => Promise<void>> = {
  http: async () =>
    printRequests('HTTP overhead (autocannon, 10 connections, 8 s)', await runHttpOverheadBench()),
  availability: async () => {
    printAvailabilityFigures(await runAvailabilityBench());
    printAvailabilityClientFigures(await runAvailabilityClientBench());
  },
  bookings: async () => {
    const result = await runBookingsBench();
    printRequests('Booking creations (all checks, fresh database)', result.figures);
    for (const note of result.notes) console.log(note);
    console.log(
      `Load average after the run: ${os
        .loadavg()
        .map((value) => value.toFixed(2))
        .join(' ')}`,
    );
  },
  data: async () => {
    printDataClientBench(await runDataClientBench());
    printDataBench(await runDataBench());
  },
  'data-client': async () => printDataClientBench(await runDataClientBench()),
  calendar: async () => printCalendarFigures(await runCalendarBench()),
  stores: async () => printStoresBench(await runStoresBench()),
  ecom: async () => printEcomBench(await runEcomBench()),
  webhooks: async () => printWebhooksBench(await runWebhooksBench()),
  // Needs the built web app (`npm run build:web`) and Debian's chromium; not part of the default run.
  'site-load': async () => printSiteLoadFigures(await runSiteLoadBench()),
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(benchmarks).join(', ')}`);
  process.exit(2);
}
// `data` already runs `data-client` first; `site-load` needs the built web app, so it runs when named.
const everything = Object.keys(benchmarks).filter((name) => name !== 'data-client' && name !== 'site-load');
for (const name of requested.length > 0 ? requested : everything) {
  await benchmarks[name]!();
  console.log();
}
