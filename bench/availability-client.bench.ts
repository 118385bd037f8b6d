// Availability as a booking site meets it (issue #17): the official `@wix/bookings` clients, unchanged, in this
// process (the load generator) against one server process. The business sets up 20 staff members and a
// 30-minute service with an API key; 8 visitors book 2,000 slots side by side; then a visitor asks the
// availability calendar for 7 and 31 days at once, as the booking page does.
// Run alone with `AVAILABILITY_CLIENT_BENCH_MAIN=1 node apps/server/bin/run-ts.mjs bench/availability-client.bench.ts`.
import { gzipSync } from 'node:zlib';
import * as availabilityCalendar from '@wix/auto_sdk_bookings_availability-calendar';
import * as bookings from '@wix/auto_sdk_bookings_bookings';
import * as services from '@wix/auto_sdk_bookings_services';
import * as staffMembers from '@wix/auto_sdk_bookings_staff-members';
import { ApiKeyStrategy, createClient, OAuthStrategy } from '@wix/sdk';
import { renameKeysFromRESTResponseToSDKResponse } from '@wix/sdk-runtime/rename-all-nested-keys';
import { ownerCredentials, sendOfficialHostTo, startBenchServer } from './bench-server.ts';
import { createScratchDatabase, measure, percentile } from './bench-tools.ts';

const staffCount = 20;
const bookingCount = 2000;
const bookingClients = 8;
const day = 86_400_000;
const modules = { availabilityCalendar, bookings, services, staffMembers };

export interface AvailabilityClientFigure {
  name: string;
  runs: number;
  p50Ms: number;
  p95Ms: number;
  entries: number;
  targetMs?: number;
  /** Load-independent figures of one answer: the server's CPU and statements a request, its size. */
  serverCpuMs: number;
  statements: number;
  /** Wall time of the request's statements, summed (load-dependent: the database shares the machine). */
  statementMs: number;
  answerBytes: number;
  gzipBytes: number;
  keys: number;
  /** The client's own work on one answer in this process (JSON.parse, then the official key rename), p50. */
  clientParseMs: number;
  clientRenameMs: number;
}

export async function runAvailabilityClientBench(): Promise<AvailabilityClientFigure[]> {
  const scratch = process.env.DATABASE_URL
    ? await createScratchDatabase(process.env.DATABASE_URL)
    : undefined;
  const server = await startBenchServer({ databaseUrl: scratch?.url, worker: true, poolSize: 10 });
  const restoreFetch = sendOfficialHostTo(server.url);
  try {
    const { siteId, apiKey, clientId } = await ownerCredentials(server.url, 'availability client bench');
    const business = createClient({ modules, auth: ApiKeyStrategy({ apiKey, siteId }) });
    const staffIds: string[] = [];
    for (let index = 0; index < staffCount; index += 1) {
      const staff = await business.staffMembers.createStaffMember({
        name: `Staff ${index + 1}`,
        email: `staff-${index + 1}@example.com`,
      });
      staffIds.push(staff._id!);
    }
    const service = await business.services.createService({
      type: 'APPOINTMENT',
      name: 'Consultation',
      staffMemberIds: staffIds,
      payment: {
        rateType: 'FIXED',
        fixed: { price: { value: '45.00', currency: 'USD' } },
        options: { inPerson: true, online: false },
      },
      onlineBooking: { enabled: true, requireManualApproval: false },
      schedule: { availabilityConstraints: { durations: [{ minutes: 30 }] } },
      locations: [{ type: 'BUSINESS' }],
    } as services.Service);
    const serviceId = service._id!;
    const from = Date.now() + day;
    const query = (visitor: ReturnType<typeof visitorClient>, days: number) =>
      visitor.availabilityCalendar.queryAvailability(
        {
          filter: {
            serviceId: [serviceId],
            startDate: new Date(from).toISOString(),
            endDate: new Date(from + days * day).toISOString(),
          },
        },
        { timezone: 'UTC' },
      );
    const visitorClient = () => createClient({ modules, auth: OAuthStrategy({ clientId }) });

    // 8 visitors book side by side, each its own share of the month's open slots.
    const { availabilityEntries = [] } = await query(visitorClient(), 31);
    const open = availabilityEntries.filter((entry) => entry.bookable);
    if (open.length < bookingCount)
      throw new Error(`only ${open.length} open slots for ${bookingCount} bookings`);
    const step = Math.floor(open.length / bookingCount);
    const chosen = Array.from({ length: bookingCount }, (_, index) => open[index * step]!);
    let refused = 0;
    await Promise.all(
      Array.from({ length: bookingClients }, async (_, clientIndex) => {
        const visitor = visitorClient();
        for (let index = clientIndex; index < chosen.length; index += bookingClients) {
          await visitor.bookings
            .createBooking({
              bookedEntity: { slot: chosen[index]!.slot as bookings.BookedSlot },
              contactDetails: {
                firstName: 'Bench',
                lastName: `Visitor ${index}`,
                email: `v${index}@example.com`,
              },
              totalParticipants: 1,
            })
            .catch(() => (refused += 1));
        }
      }),
    );
    if (refused > 0) throw new Error(`${refused} of ${bookingCount} bookings were refused`);

    const visitor = visitorClient();
    const figures: AvailabilityClientFigure[] = [];
    for (const [days, targetMs] of [
      [7, undefined],
      [31, 40],
    ] as const) {
      let entries = 0;
      const before = await server.stats();
      const figure = await measure(
        `official client queryAvailability, ${days} days (${staffCount} staff, ${bookingCount} bookings just made)`,
        40,
        async () => {
          entries = (await query(visitor, days)).availabilityEntries?.length ?? 0;
        },
        targetMs,
      );
      const after = await server.stats();
      const requests = figure.runs + 5; // measure's warm-up runs reach the server too
      figures.push({
        ...figure,
        entries,
        serverCpuMs: round((after.cpuMicros - before.cpuMicros) / 1000 / requests),
        statements: round((after.statements - before.statements) / requests),
        statementMs: round((after.statementMicros - before.statementMicros) / 1000 / requests),
        ...(await answerFigures(() => query(visitor, days))),
      });
    }
    return figures;
  } finally {
    restoreFetch();
    await server.stop();
    await scratch?.drop();
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * One more call, whose answer text this process keeps (the fetch detour hands it a copy), then the client's
 * own work on that text timed alone: what a faster server cannot take away.
 */
async function answerFigures(call: () => Promise<unknown>) {
  const fetchBefore = globalThis.fetch;
  let text = '';
  globalThis.fetch = async (input, init) => {
    const response = await fetchBefore(input, init);
    text = await response.clone().text();
    return response;
  };
  try {
    await call();
  } finally {
    globalThis.fetch = fetchBefore;
  }
  const parse: number[] = [];
  const rename: number[] = [];
  let keys = 0;
  for (let run = 0; run < 15; run += 1) {
    const started = performance.now();
    const data = JSON.parse(text) as unknown;
    const parsed = performance.now();
    renameKeysFromRESTResponseToSDKResponse(data);
    rename.push(performance.now() - parsed);
    parse.push(parsed - started);
    if (run === 0) keys = countKeys(data);
  }
  return {
    answerBytes: Buffer.byteLength(text),
    gzipBytes: gzipSync(text, { level: 1 }).length,
    keys,
    clientParseMs: percentile(parse, 0.5),
    clientRenameMs: percentile(rename, 0.5),
  };
}

function countKeys(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, item) => sum + countKeys(item), 0);
  if (value === null || typeof value !== 'object') return 0;
  return Object.values(value).reduce((sum: number, item) => sum + 1 + countKeys(item), 0);
}

export function printAvailabilityClientFigures(figures: AvailabilityClientFigure[]): void {
  console.log('Availability through the official client (@wix/bookings), one server process');
  console.table(
    figures.map((figure) => ({
      benchmark: figure.name,
      runs: figure.runs,
      entries: figure.entries,
      'p50 ms': figure.p50Ms,
      'p95 ms': figure.p95Ms,
      'target p50': figure.targetMs ? `≤ ${figure.targetMs} ms` : '',
    })),
  );
  console.log(
    'The same answers, figures that do not depend on load (server: per request; client: this process)',
  );
  console.table(
    figures.map((figure) => ({
      entries: figure.entries,
      'server CPU ms': figure.serverCpuMs,
      statements: figure.statements,
      'SQL wall ms': figure.statementMs,
      'answer KB': Math.round(figure.answerBytes / 1024),
      'gzip KB': Math.round(figure.gzipBytes / 1024),
      keys: figure.keys,
      'client parse ms': figure.clientParseMs,
      'client rename ms': figure.clientRenameMs,
    })),
  );
}

if (process.env.AVAILABILITY_CLIENT_BENCH_MAIN === '1') {
  console.log(`On ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)'}`);
  printAvailabilityClientFigures(await runAvailabilityClientBench());
}
