import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

const version = 'v1';

/** Encrypts secrets kept in the database (signing keys, the cursor key, feed tokens) with a key that is not. */
export interface SecretSealer {
  seal(plaintext: string): string;
  /** The plaintext of a sealed value; a value stored before sealing existed comes back as it is. */
  open(stored: string): string;
  isSealed(stored: string): boolean;
}

/** AES-256-GCM: `v1.<iv>.<tag>.<ciphertext>`, each base64url; the tag makes any change of the row fail to open. */
export function createSecretSealer(key: Buffer): SecretSealer {
  if (key.length !== 32)
    throw new Error('Invalid configuration:\n  SECRETS_KEY: must be 32 bytes, base64-encoded');
  const isSealed = (stored: string) => /^v1\.[\w-]+\.[\w-]+\.[\w-]*$/.test(stored);
  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const encrypted = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [version, iv, cipher.getAuthTag(), encrypted]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(stored) {
      if (!isSealed(stored)) return stored;
      const [, iv, tag, encrypted] = stored.split('.') as [string, string, string, string];
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
    isSealed,
  };
}

const sealers = new Map<string, SecretSealer>();

/**
 * The deployment's sealer. SECRETS_KEY (32 random bytes, base64) names the key, and production requires
 * it; elsewhere a key is made once and kept in DATA_DIR/secrets.key, readable by its owner alone.
 */
export function secretSealerFor(config: Pick<Config, 'SECRETS_KEY' | 'NODE_ENV' | 'dataDir'>): SecretSealer {
  const source = config.SECRETS_KEY ?? path.join(config.dataDir, 'secrets.key');
  let sealer = sealers.get(source);
  if (!sealer) {
    sealer = createSecretSealer(
      config.SECRETS_KEY ? Buffer.from(config.SECRETS_KEY, 'base64') : keyFile(source),
    );
    sealers.set(source, sealer);
  }
  return sealer;
}

function keyFile(file: string): Buffer {
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Written whole under another name, then linked into place: a process starting at the same moment
    // either links first or finds the complete file, never a half-written one.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(draft, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
    try {
      fs.linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.rmSync(draft, { force: true });
    }
  }
  return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
}
