import { randomBytes } from 'node:crypto';
import type { Database } from '../db/database.ts';
import type { SecretSealer } from './sealing.ts';
import { insertSecretIfMissing, readSecret, replaceSecret } from './secrets.repository.ts';

/**
 * Returns the named secret, making a random 32-byte one on first use. Every process of a deployment reads
 * the same value, so what one signs another verifies. Stored sealed; a value kept in clear by an older
 * version is sealed on first read.
 */
export async function loadOrCreateSecret(
  database: Database,
  name: string,
  sealer: SecretSealer,
): Promise<Buffer> {
  await insertSecretIfMissing(database.db, name, sealer.seal(randomBytes(32).toString('base64url')));
  const stored = (await readSecret(database.db, name))!;
  if (!sealer.isSealed(stored)) await replaceSecret(database.db, name, stored, sealer.seal(stored));
  return Buffer.from(sealer.open(stored), 'base64url');
}
