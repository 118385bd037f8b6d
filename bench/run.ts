// `npm run bench`: every benchmark, printed as a table. DATABASE_URL selects PostgreSQL, else PGlite in memory.
import os from 'node:os';
import { runHttpOverheadBench, type BenchFigure } from './http-overhead.bench.ts';
import { runBookingsBench } from './bookings.bench.ts';

const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite (embedded)';
console.log(
  `Atrium benchmarks on ${database}, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}\n`,
);

function print(title: string, figures: BenchFigure[]) {
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

print('HTTP overhead (autocannon, 10 connections, 8 s)', await runHttpOverheadBench());
print('Booking creations (all checks, fresh database, 16 connections, 8 s each)', await runBookingsBench());
