import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretSealer, secretSealerFor } from './sealing.ts';

describe('secret sealing', () => {
  it('makes the key file once, readable by its owner alone, and seals with it', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atrium-sealing-'));
    const sealer = secretSealerFor({ NODE_ENV: 'development', SECRETS_KEY: undefined, dataDir });
    const file = path.join(dataDir, 'secrets.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(fs.readdirSync(dataDir)).toEqual(['secrets.key']);
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    expect(key).toHaveLength(32);
    // Another process reading the same file opens what this one sealed.
    const sealed = sealer.seal('cursor key');
    expect(createSecretSealer(key).open(sealed)).toBe('cursor key');
    const otherKey = createSecretSealer(Buffer.alloc(32, 1));
    expect(() => otherKey.open(sealed)).toThrow(/unable to authenticate/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('never seals twice alike, and passes a value stored before sealing through', () => {
    const sealer = createSecretSealer(Buffer.alloc(32, 9));
    expect(sealer.seal('same')).not.toBe(sealer.seal('same'));
    expect(sealer.open('plain-old-value')).toBe('plain-old-value');
    expect(sealer.isSealed(sealer.seal('x'))).toBe(true);
  });
});
