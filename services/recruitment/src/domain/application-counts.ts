// A posting's applications as its employer's cards count them. The hiring service owns
// applications; this keeps the newest state of each (from hiring.application.v1) and counts
// those not cancelled, and those of them not yet read.
import type { Database } from '../db/client.ts';
import type { Transaction } from '../db/posting-store.ts';

export interface ApplicationState {
  applicationId: string;
  postingId: string;
  /** in_progress | accepted | rejected | cancelled */
  state: string;
  read: boolean;
  version: bigint;
}

export interface ApplicationCount {
  applications: number;
  unreadApplications: number;
}

export class ApplicationCounts {
  constructor(private readonly db: Database) {}

  /**
   * Keeps `change` when it is newer than what is kept: events of one posting arrive in order, but
   * a redelivery or a replay may bring an older one again, and it must change nothing.
   */
  async record(tx: Transaction, change: ApplicationState): Promise<void> {
    await tx.$executeRaw`
      INSERT INTO posting_applications (application_id, posting_id, state, read, version)
      VALUES (${change.applicationId}::uuid, ${change.postingId}::uuid, ${change.state}, ${change.read}, ${change.version})
      ON CONFLICT (application_id) DO UPDATE
        SET posting_id = EXCLUDED.posting_id, state = EXCLUDED.state, read = EXCLUDED.read, version = EXCLUDED.version
        WHERE posting_applications.version < EXCLUDED.version`;
  }

  /** The counts of each posting; a posting without applications counts zero. */
  async of(postingIds: string[]): Promise<Map<string, ApplicationCount>> {
    const counts = new Map<string, ApplicationCount>(
      postingIds.map((id) => [id, { applications: 0, unreadApplications: 0 }]),
    );
    if (postingIds.length === 0) return counts;
    const rows = await this.db.postingApplication.groupBy({
      by: ['postingId', 'read'],
      where: { postingId: { in: postingIds }, state: { not: 'cancelled' } },
      _count: { _all: true },
    });
    for (const row of rows) {
      const count = counts.get(row.postingId)!;
      count.applications += row._count._all;
      if (!row.read) count.unreadApplications += row._count._all;
    }
    return counts;
  }
}
