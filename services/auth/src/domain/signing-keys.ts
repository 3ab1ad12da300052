// The key pair that signs access tokens. Created on first start and kept in the database,
// so restarts and replicas share it and sessions survive a deploy.
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { Database } from '../db/client.ts';

export const ACCESS_TOKEN_ALGORITHM = 'EdDSA';
export const ACCESS_TOKEN_ISSUER = 'darmankar-auth';
// Any constant: serialises key creation between replicas starting at once.
const KEY_CREATION_LOCK = 727_274_3;

export interface AccessToken {
  token: string;
  expiresAt: Date;
}

export class AccessTokenSigner {
  constructor(
    private readonly privateKey: CryptoKey,
    private readonly keyId: string,
    /** The public JWKS JSON the gateway verifies tokens with. */
    readonly jwksJson: string,
    private readonly ttlSeconds: number,
  ) {}

  async sign(userId: string, sessionId: string): Promise<AccessToken> {
    const now = Math.floor(Date.now() / 1000);
    const exp = now + this.ttlSeconds;
    const token = await new SignJWT({ sid: sessionId })
      .setProtectedHeader({ alg: ACCESS_TOKEN_ALGORITHM, kid: this.keyId, typ: 'JWT' })
      .setIssuer(ACCESS_TOKEN_ISSUER)
      .setSubject(userId)
      .setIssuedAt(now)
      // Ed25519 signatures are deterministic: a per-token id keeps two tokens issued in one second distinct.
      .setJti(randomUUID())
      .setExpirationTime(exp)
      .sign(this.privateKey);
    return { token, expiresAt: new Date(exp * 1000) };
  }
}

async function createKey(): Promise<{ id: string; publicJwk: JWK; privateJwk: JWK }> {
  const { publicKey, privateKey } = await generateKeyPair(ACCESS_TOKEN_ALGORITHM, { crv: 'Ed25519', extractable: true });
  const publicJwk = await exportJWK(publicKey);
  const id = await calculateJwkThumbprint(publicJwk);
  return { id, publicJwk: { ...publicJwk, kid: id, alg: ACCESS_TOKEN_ALGORITHM, use: 'sig' }, privateJwk: await exportJWK(privateKey) };
}

/** Loads the signing key, creating it on the very first start. */
export async function loadAccessTokenSigner(db: Database, ttlSeconds: number): Promise<AccessTokenSigner> {
  const keys = await db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe('SELECT pg_advisory_xact_lock($1)', KEY_CREATION_LOCK);
    const existing = await tx.signingKey.findMany({ orderBy: { createdAt: 'asc' } });
    if (existing.length > 0) return existing;
    const key = await createKey();
    return [await tx.signingKey.create({ data: { id: key.id, algorithm: ACCESS_TOKEN_ALGORITHM, publicJwk: key.publicJwk as object, privateJwk: key.privateJwk as object } })];
  });
  // The newest key signs; every stored key stays in the JWKS so tokens signed before a
  // rotation keep verifying until they expire.
  const current = keys.at(-1)!;
  const privateKey = (await importJWK(current.privateJwk as JWK, ACCESS_TOKEN_ALGORITHM)) as CryptoKey;
  const jwksJson = JSON.stringify({ keys: keys.map((key) => key.publicJwk) });
  return new AccessTokenSigner(privateKey, current.id, jwksJson, ttlSeconds);
}
