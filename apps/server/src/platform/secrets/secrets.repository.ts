import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/database.ts';
import { platformSecrets } from './secrets.tables.ts';

export async function insertSecretIfMissing(db: Executor, name: string, value: string): Promise<void> {
  await db
    .insert(platformSecrets)
    .values({ name, value })
    .onConflictDoNothing({ target: platformSecrets.name });
}

export async function readSecret(db: Executor, name: string): Promise<string | undefined> {
  const [row] = await db.select().from(platformSecrets).where(eq(platformSecrets.name, name)).limit(1);
  return row?.value;
}

/** Replaces the value only if it is still `current` (another process may have sealed it already). */
export async function replaceSecret(
  db: Executor,
  name: string,
  current: string,
  next: string,
): Promise<void> {
  await db
    .update(platformSecrets)
    .set({ value: next })
    .where(and(eq(platformSecrets.name, name), eq(platformSecrets.value, current)));
}
