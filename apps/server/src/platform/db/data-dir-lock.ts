import fs from 'node:fs';
import path from 'node:path';
import lockfile from 'proper-lockfile';

export interface DataDirLock {
  release(): Promise<void>;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, holder: string | undefined) {
    super(
      `The embedded database in ${dataDir} is already open in another Atrium process${holder ? ` (${holder})` : ''}. ` +
        'Only one process may own it: stop that process first, talk to it over HTTP, ' +
        'or set DATABASE_URL to share a PostgreSQL server between processes.',
    );
    this.name = 'DataDirInUseError';
  }
}

/**
 * PGlite has no lock of its own, and two processes on one folder lose committed rows, so the folder is
 * owned through a lock that a live process keeps fresh; a crashed owner's lock goes stale after 10 s.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const lockPath = path.join(dataDir, 'atrium.lock');
  const ownerFile = path.join(dataDir, 'atrium.lock.owner');
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(dataDir, {
      lockfilePath: lockPath,
      stale: 10_000,
      update: 2_000,
      retries: { retries: 3, minTimeout: 200, maxTimeout: 1000 },
      onCompromised: (error) => {
        // Another process took the folder over: continuing would corrupt it.
        console.error(`Lost the lock on ${dataDir}: ${error.message}. Stopping.`);
        process.exit(1);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      const holder = fs.existsSync(ownerFile) ? fs.readFileSync(ownerFile, 'utf8').trim() : undefined;
      throw new DataDirInUseError(dataDir, holder);
    }
    throw error;
  }
  fs.writeFileSync(ownerFile, `pid ${process.pid}, started ${new Date().toISOString()}`);
  return {
    async release() {
      fs.rmSync(ownerFile, { force: true });
      await release();
    },
  };
}
