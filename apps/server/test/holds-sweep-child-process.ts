// A separate process for the two-process sweep test in holds.test.ts: the holds primitive on the
// PostgreSQL database named by DATABASE_URL. It sweeps once told to on stdin, then reports and exits.
import readline from 'node:readline';
import { openDatabase } from '../src/platform/db/database.ts';
import { createHoldsService } from '../src/platform/holds/holds.service.ts';
import { recordingEventBus } from './holds-helpers.ts';

const worker = process.env.ATRIUM_TEST_WORKER ?? `pid-${process.pid}`;
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL!, poolSize: 2 });
const holds = createHoldsService({ database, events: recordingEventBus(worker) });
process.stdout.write('ready\n');

const lines = readline.createInterface({ input: process.stdin });
for await (const line of lines) {
  if (line.trim() !== 'go') continue;
  const swept = await holds.sweepExpired(new Date(process.env.ATRIUM_TEST_NOW!), 20);
  process.stdout.write(`swept ${swept.length}\n`);
  await database.close();
  process.exit(0);
}
