// Random secrets and the one-way forms they are stored in.
import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A one-time code of `length` decimal digits from the crypto RNG (leading zeros kept). */
export function randomDigits(length: number): string {
  let code = '';
  for (let i = 0; i < length; i++) code += String(randomInt(10));
  return code;
}

/** 32 random bytes, base64url: refresh tokens and email codes. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Refresh tokens carry 256 bits of entropy, so a plain SHA-256 cannot be reversed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/**
 * A 5-digit code has only 100 000 values, so a plain hash of it would be reversed at once
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
