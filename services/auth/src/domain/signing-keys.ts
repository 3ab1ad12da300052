// The key pairs that sign access tokens. Kept in the database, so restarts and replicas share
// them and sessions survive a deploy; the private half only sealed (AES-256-GCM under
// SIGNING_KEY_ENCRYPTION_SECRET). A new key is made every SIGNING_KEY_ROTATION_DAYS; an older
// key stays in the JWKS until every token it can have signed has expired.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Logger } from '@darmankar/platform/log';
import type { Database } from '../db/client.ts';
import { DAY_MS, type Clock } from './clock.ts';
import { deriveKey, seal, unseal } from './secrets.ts';

const ACCESS_TOKEN_ALGORITHM = 'EdDSA';
export const ACCESS_TOKEN_ISSUER = 'darmankar-auth';
/** Who access tokens are for: the gateway refuses a token without this audience. */
export const ACCESS_TOKEN_AUDIENCE = 'darmankar-api';
// Any constant: serialises key creation between replicas starting or rotating at once.
const KEY_CREATION_LOCK = 727_274_3;
const SEALING_PURPOSE = 'darmankar signing key v1';
/**
 * How stale a replica's view of the keys may get. A replica may go on signing with a key
 * this long after another one made its successor, so retention counts it in.
 */
export const KEY_RELOAD_MS = 60_000;

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

export interface SigningKeySettings {
  ttlSeconds: number;
  rotationDays: number;
  encryptionSecret: string;
}

interface StoredKey {
  id: string;
  publicJwk: unknown;
  privateJwkSealed: string | null;
  createdAt: Date;
}

interface LoadedKeys {
  keyId: string;
  privateKey: CryptoKey;
  createdAtMs: number;
  jwksJson: string;
  loadedAtMs: number;
  /** When the next older key leaves the JWKS (Infinity when only the current one is in it). */
  jwksChangesAtMs: number;
}

/**
 * The keys still needed to verify tokens: the newest, and each older one until its successor
 * has been signing for longer than a token lives (plus the replicas' reload delay).
 * `keys` oldest first.
 */
function retainedKeys<K extends { createdAt: Date }>(keys: K[], ttlSeconds: number, now: number): K[] {
  return keys.filter((_key, i) => now < retainedUntil(keys, i, ttlSeconds));
}

function retainedUntil(keys: Array<{ createdAt: Date }>, index: number, ttlSeconds: number): number {
  const successor = keys[index + 1];
  return successor ? successor.createdAt.getTime() + KEY_RELOAD_MS + ttlSeconds * 1000 : Infinity;
}

export class AccessTokenSigner {
  private loaded: LoadedKeys | undefined;
  private loading: Promise<LoadedKeys> | undefined;
  private readonly sealingKey: Buffer;

  constructor(
    private readonly db: Database,
    private readonly settings: SigningKeySettings,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {
    this.sealingKey = deriveKey(settings.encryptionSecret, SEALING_PURPOSE);
  }

  get ttlSeconds(): number {
    return this.settings.ttlSeconds;
  }

  /** The public JWKS JSON the gateway verifies tokens with. */
  async jwksJson(): Promise<string> {
    return (await this.current()).jwksJson;
  }

  async sign(userId: string, sessionId: string): Promise<AccessToken> {
    const { keyId, privateKey } = await this.current();
    const now = Math.floor(this.clock() / 1000);
    const exp = now + this.settings.ttlSeconds;
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: keyId, typ: 'JWT' })
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setAudience(ACCESS_TOKEN_AUDIENCE)
      .setSubject(userId)
      .setIssuedAt(now)
      // Ed25519 signatures are deterministic: a per-token id keeps two tokens issued in one second distinct.
      .setJti(randomUUID())
      .setExpirationTime(exp)
      .sign(privateKey);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** Deletes keys no token that could still be valid was signed with; answers how many. */
  async purgeRetired(): Promise<number> {
    const keys = await this.db.signingKey.findMany({
      orderBy: { createdAt: 'asc' },
      select: { id: true, createdAt: true },
    });
    const keep = new Set(retainedKeys(keys, this.settings.ttlSeconds, this.clock()).map((key) => key.id));
    const retired = keys.filter((key) => !keep.has(key.id)).map((key) => key.id);
    if (retired.length === 0) return 0;
    return (await this.db.signingKey.deleteMany({ where: { id: { in: retired } } })).count;
  }

  /** The signing key and JWKS, reloaded when stale and rotated when due. */
  private async current(): Promise<LoadedKeys> {
    const now = this.clock();
    const loaded = this.loaded;
    if (
      loaded &&
      now - loaded.loadedAtMs < KEY_RELOAD_MS &&
      now - loaded.createdAtMs < this.rotationMs() &&
      now < loaded.jwksChangesAtMs
    )
      return loaded;
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return (this.loaded = await this.loading);
  }

  private rotationMs(): number {
    return this.settings.rotationDays * DAY_MS;
  }

  private async load(): Promise<LoadedKeys> {
    const now = this.clock();
    const keys = await this.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1)', KEY_CREATION_LOCK);
      const stored: StoredKey[] = await tx.signingKey.findMany({ orderBy: { createdAt: 'asc' } });
      const newest = stored.at(-1);
      if (newest?.privateJwkSealed && now - newest.createdAt.getTime() < this.rotationMs()) return stored;
      const key = await this.createKey();
      const created = await tx.signingKey.create({
        data: {
          id: key.id,
          algorithm: ACCESS_TOKEN_ALGORITHM,
          publicJwk: key.publicJwk as object,
          privateJwkSealed: key.privateJwkSealed,
          createdAt: new Date(now),
        },
      });
      this.log.info({ kid: created.id, previous: newest?.id }, 'new access-token signing key');
      return [...stored, created];
    });
    const current = keys.at(-1)!;
    let privateJwk: JWK;
    try {
      privateJwk = JSON.parse(unseal(this.sealingKey, current.privateJwkSealed!, current.id)) as JWK;
    } catch {
      throw new Error(
        `SIGNING_KEY_ENCRYPTION_SECRET does not open the stored signing key ${current.id}: it is not the secret the key was sealed with`,
      );
    }
    const privateKey = (await importJWK(privateJwk, ACCESS_TOKEN_ALGORITHM)) as CryptoKey;
    const ttl = this.settings.ttlSeconds;
    const jwksJson = JSON.stringify({ keys: retainedKeys(keys, ttl, now).map((key) => key.publicJwk) });
    const jwksChangesAtMs = Math.min(
      ...keys.map((_key, i) => retainedUntil(keys, i, ttl)).filter((until) => until > now),
    );
    return {
      keyId: current.id,
      privateKey,
      createdAtMs: current.createdAt.getTime(),
      jwksJson,
      loadedAtMs: now,
      jwksChangesAtMs,
    };
  }

  private async createKey(): Promise<{ id: string; publicJwk: JWK; privateJwkSealed: string }> {
    const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, {
      crv: 'Ed25519',
      extractable: true,
    });
    const publicJwk = await exportJWK(publicKey);
    const id = await calculateJwkThumbprint(publicJwk);
    return {
      id,
      publicJwk: { ...publicJwk, kid: id, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' },
      privateJwkSealed: seal(this.sealingKey, JSON.stringify(await exportJWK(privateKey)), id),
    };
  }
}

/** Loads the signing keys, creating (or rotating to) a new one when none is current. */
export async function loadAccessTokenSigner(
  db: Database,
  settings: SigningKeySettings,
  clock: Clock,
  log: Logger,
): Promise<AccessTokenSigner> {
  const signer = new AccessTokenSigner(db, settings, clock, log);
  await signer.jwksJson();
  return signer;
}
