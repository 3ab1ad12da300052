// Deletes what no rule needs any more. Everything a budget counts over a day (codes sent,
// lockouts, verification mails) is kept for that day; a rotated refresh token is kept until
// its own expiry, because presenting it again is how a stolen copy is detected.
import type { Logger } from '@darmankar/platform/log';
import { repeatEvery } from '@darmankar/platform/schedule';
import type { Stoppable } from '@darmankar/platform/service';
import type { Database } from '../db/client.ts';
import { DAY_MS, type Clock } from './clock.ts';
import type { AccessTokenSigner } from './signing-keys.ts';

export interface PurgeCounts {
  cellphoneCodes: number;
  lockouts: number;
  smsHourlyCounts: number;
  refreshTokens: number;
  sessions: number;
  emailVerifications: number;
  signingKeys: number;
}

export interface PurgeSettings {
  refreshTokenTtlSeconds: number;
}

export class Purge {
  constructor(
    private readonly db: Database,
    private readonly signer: AccessTokenSigner,
    private readonly settings: PurgeSettings,
    private readonly clock: Clock,
    private readonly log: Logger,
  ) {}

  async run(): Promise<PurgeCounts> {
    const now = this.clock();
    const nowDate = new Date(now);
    const dayAgo = new Date(now - DAY_MS);
    const refreshLifetimeAgo = new Date(now - this.settings.refreshTokenTtlSeconds * 1000);
    const counts: PurgeCounts = {
      // Their attempts go with them (ON DELETE CASCADE).
      cellphoneCodes: (
        await this.db.cellphoneCode.deleteMany({ where: { createdAt: { lte: dayAgo }, expiresAt: { lte: nowDate } } })
      ).count,
      lockouts: (
        await this.db.cellphoneLockout.deleteMany({
          where: { createdAt: { lte: dayAgo }, lockedUntil: { lt: nowDate } },
        })
      ).count,
      smsHourlyCounts: (await this.db.smsHourlyCount.deleteMany({ where: { hour: { lt: dayAgo } } })).count,
      refreshTokens: (await this.db.refreshToken.deleteMany({ where: { expiresAt: { lte: nowDate } } })).count,
      // Revoked long enough ago that none of their tokens could still be live, or left with no token at all.
      sessions: (
        await this.db.session.deleteMany({
          where: {
            OR: [
              { revokedAt: { lte: refreshLifetimeAgo } },
              { createdAt: { lte: refreshLifetimeAgo }, refreshTokens: { none: {} } },
            ],
          },
        })
      ).count,
      emailVerifications: (
        await this.db.emailVerification.deleteMany({
          where: { createdAt: { lte: dayAgo }, OR: [{ usedAt: { not: null } }, { expiresAt: { lte: nowDate } }] },
        })
      ).count,
      signingKeys: await this.signer.purgeRetired(),
    };
    if (Object.values(counts).some((n) => n > 0)) this.log.info({ purged: counts }, 'purged expired auth records');
    return counts;
  }

  /** Runs `run` every `intervalMs`; a failed run is logged and the next one tries again. */
  schedule(intervalMs: number): Stoppable {
    return repeatEvery(intervalMs, () => this.run(), this.log, 'purge');
  }
}
