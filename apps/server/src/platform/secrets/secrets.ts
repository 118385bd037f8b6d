import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { platformSecrets } from './secrets.tables.ts';

/**
 * Returns the named secret, making a random 32-byte one on first use. Every process of a deployment reads
 * the same value, so what one signs another verifies.
 */
export async function loadOrCreateSecret(database: Database, name: string): Promise<Buffer> {
  await database.db
    .insert(platformSecrets)
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing({ target: platformSecrets.name });
  const [row] = await database.db
    .select()
    .from(platformSecrets)
    .where(eq(platformSecrets.name, name))
    .limit(1);
  return Buffer.from(row!.value, 'base64url');
}
