// Links to private files: an HMAC over the file id and the expiry. The files service checks
// only the link; whoever issued it (resume, employer, hiring) decided who may read the file.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@darmankar/platform/errors/domain-error';

export class LinkSigner {
  constructor(private readonly secret: string) {}

  sign(fileId: string, expiresAtSeconds: number): string {
    return createHmac('sha256', this.secret).update(`${fileId}.${expiresAtSeconds}`).digest('base64url');
  }

  /**
   * The signature is checked before the expiry: a link whose expiry was moved is altered,
   * not merely expired.
   */
  verify(fileId: string, expiresAtSeconds: number, signature: string, nowMs: number): void {
    const expected = Buffer.from(this.sign(fileId, expiresAtSeconds));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new DomainError('EXC_FILES_LINK_IS_INVALID');
    if (nowMs >= expiresAtSeconds * 1000) throw new DomainError('EXC_FILES_LINK_IS_EXPIRED');
  }
}
