import { randomUUID } from 'node:crypto';
import {
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  SignJWT,
  type CryptoKey,
  type JWK,
  type JWTHeaderParameters,
  type JWTPayload,
} from 'jose';
import type { IdentityType, StaffRole } from '../../platform/context.ts';
import type { SecretSealer } from '../../platform/secrets/sealing.ts';
import type { IdentityRepository } from './identity.repository.ts';

const alg = 'ES256';
const issuer = 'atrium';
/** Access tokens are for the API alone: a token signed for anything else (with another audience) is refused. */
const audience = 'atrium-api';
/** Longer than any access token we sign: a bigger value is either forged or garbage, and costs no parsing. */
export const maxTokenLength = 4096;
const reloadIntervalMs = 60_000;
const unknownKidReloadMs = 5_000;

/** What an access token says; short names keep the JWT small. */
export interface AccessClaims {
  /** identity id, visitor id or API key id */
  sub: string;
  site: string;
  typ: IdentityType;
  sid: string;
  cid?: string;
  role?: StaffRole;
  scp?: string[];
}

interface LoadedKey {
  kid: string;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
  publicJwk: JWK;
  createdDate: Date;
  retiredDate: Date | null;
}

/**
 * Signs and verifies access tokens with ES256 keys kept in the database, so every server process signs and
 * verifies alike. `rotate` makes a new signing key; retired keys keep verifying (and stay in the JWKS) for
 * one access-token lifetime, so no token dies early.
 */
export function createTokenSigner(deps: {
  repository: IdentityRepository;
  accessTokenTtlSeconds: number;
  sealer: SecretSealer;
}) {
  const { repository, accessTokenTtlSeconds, sealer } = deps;

  /** The private JWK of a row: sealed (`{sealed}`), or in clear as older versions stored it, then sealed. */
  async function privateJwkOf(row: { kid: string; privateJwk: Record<string, unknown> }): Promise<JWK> {
    if (typeof row.privateJwk.sealed === 'string')
      return JSON.parse(sealer.open(row.privateJwk.sealed)) as JWK;
    await repository.sealSigningKey(row.kid, { sealed: sealer.seal(JSON.stringify(row.privateJwk)) });
    return row.privateJwk as JWK;
  }
  let keys = new Map<string, LoadedKey>();
  let signingKid: string | undefined;
  let loadedAt = 0;
  let loading: Promise<void> | undefined;

  async function load(): Promise<void> {
    const rows = await repository.listSigningKeys();
    const next = new Map<string, LoadedKey>();
    for (const row of rows) {
      const cached = keys.get(row.kid);
      if (cached) {
        next.set(row.kid, { ...cached, retiredDate: row.retiredDate });
        continue;
      }
      next.set(row.kid, {
        kid: row.kid,
        publicKey: (await importJWK(row.publicJwk as JWK, alg)) as CryptoKey,
        privateKey: (await importJWK(await privateJwkOf(row), alg)) as CryptoKey,
        publicJwk: row.publicJwk as JWK,
        createdDate: row.createdDate,
        retiredDate: row.retiredDate,
      });
    }
    keys = next;
    // Rows come newest first; the newest unretired key signs.
    signingKid = rows.find((row) => !row.retiredDate)?.kid;
    loadedAt = Date.now();
  }

  async function reload(): Promise<void> {
    loading ??= load().finally(() => {
      loading = undefined;
    });
    return loading;
  }

  async function createKey(): Promise<string> {
    const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg };
    await repository.insertSigningKey({
      kid,
      alg,
      publicJwk,
      privateJwk: { sealed: sealer.seal(JSON.stringify(privateJwk)) },
    });
    return kid;
  }

  // Tokens this process verified, until they expire: an ES256 verification costs about 1.5 ms of CPU (Web
  // Crypto), and a visitor's pages send one token many times. Only a verified token gets in, under its whole
  // text; a key stops verifying only after its last tokens expired (`stillVerifies`), so a kept token is one
  // that would verify again. The oldest go first past the bound.
  const verified = new Map<string, AccessClaims & { exp: number }>();
  const maxVerified = 10_000;

  function stillVerifies(key: LoadedKey, now: number): boolean {
    return !key.retiredDate || key.retiredDate.getTime() + accessTokenTtlSeconds * 1000 > now;
  }

  return {
    accessTokenTtlSeconds,

    /** Makes the first key on a fresh database; several processes starting at once may each add one, which is harmless. */
    async ensureKey(): Promise<void> {
      await reload();
      if (!signingKid) {
        await createKey();
        await reload();
      }
    },

    /** Starts signing with a new key; the old ones verify until their last tokens expire. */
    async rotate(): Promise<string> {
      const kid = await createKey();
      await repository.retireSigningKeysExcept(kid);
      await reload();
      return kid;
    },

    async sign(claims: AccessClaims, now = new Date()): Promise<string> {
      if (!signingKid || Date.now() - loadedAt > reloadIntervalMs) await reload();
      if (!signingKid) await this.ensureKey();
      const key = keys.get(signingKid!)!;
      const { sub, ...rest } = claims;
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ ...rest } as JWTPayload)
        .setProtectedHeader({ alg, kid: key.kid, typ: 'JWT' })
        .setSubject(sub)
        .setIssuer(issuer)
        .setAudience(audience)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + accessTokenTtlSeconds)
        .setJti(randomUUID())
        .sign(key.privateKey);
    },

    /** The verified claims, or undefined for anything not signed by one of our live keys (alg none included). */
    async verify(token: string): Promise<AccessClaims | undefined> {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known;
        verified.delete(token);
      }
      if (token.length > maxTokenLength || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return undefined;
      try {
        const { payload } = await jwtVerify(
          token,
          async (header: JWTHeaderParameters) => {
            if (typeof header.kid !== 'string') throw new Error('no kid');
            let key = keys.get(header.kid);
            if (!key && Date.now() - loadedAt > unknownKidReloadMs) {
              // Another process may have rotated; look once, but not on every forged kid.
              await reload();
              key = keys.get(header.kid);
            }
            if (!key || !stillVerifies(key, Date.now())) throw new Error('unknown kid');
            return key.publicKey;
          },
          { algorithms: [alg], issuer, audience },
        );
        if (
          typeof payload.sub !== 'string' ||
          typeof payload.site !== 'string' ||
          typeof payload.typ !== 'string' ||
          typeof payload.sid !== 'string' ||
          typeof payload.exp !== 'number'
        ) {
          return undefined;
        }
        const claims = payload as unknown as AccessClaims & { exp: number };
        if (verified.size >= maxVerified) verified.delete(verified.keys().next().value!);
        verified.set(token, claims);
        return claims;
      } catch {
        return undefined;
      }
    },

    async jwks(): Promise<{ keys: JWK[] }> {
      if (Date.now() - loadedAt > reloadIntervalMs) await reload();
      const now = Date.now();
      return {
        keys: [...keys.values()].filter((key) => stillVerifies(key, now)).map((key) => key.publicJwk),
      };
    },
  };
}

export type TokenSigner = ReturnType<typeof createTokenSigner>;
