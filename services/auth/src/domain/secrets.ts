// Random secrets, the one-way forms they are stored in, and the sealed (encrypted) form of
// what must be read back.
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  timingSafeEqual,
} from 'node:crypto';

/** A one-time code of `length` decimal digits from the crypto RNG (leading zeros kept). */
export function randomDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** 32 random bytes, base64url: refresh token secrets and email codes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens carry 256 bits of entropy, so a plain SHA-256 cannot be reversed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * A 6-digit code has only a million values, so a plain hash of it would be reversed at once
 * by anyone who reads the table; a keyed HMAC, bound to what the code is for, is not.
 */
export function hmac(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('base64url');
}

export function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A 256-bit key for one `purpose`, derived from a secret (a configured secret or a token). */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', purpose, 32));
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * AES-256-GCM: base64url of iv | tag | ciphertext. `context` (e.g. the row id) is
 * authenticated but not stored, so a sealed value moved to another row does not open.
 */
export function seal(key: Buffer, plaintext: string, context: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url');
}

/** The plaintext of `seal`; throws when the key, the context or the bytes are wrong. */
export function unseal(key: Buffer, sealed: string, context: string): string {
  const bytes = Buffer.from(sealed, 'base64url');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
