// Every change of an application goes through here: read the row, decide the change, write it
// only if nobody changed the row meanwhile (`version` compare-and-set), with its history entry
// and its ApplicationChanged event in the same transaction. A lost race is retried on the new
// row, unless the caller expected a version, which is then refused.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Clock } from '@darmankar/platform/clock';
import type { ApplicationRow, Database, Transaction } from '../db/client.ts';
import type { ApplicationChange, ApplicationState } from './application-rules.ts';
import type { StepRef } from './ports.ts';

/** What ApplicationChanged carries (hiring.application.v1). */
export interface ApplicationChangeEvent {
  applicationId: string;
  postingId: string;
  employerId: string;
  resumeId: string;
  applicantUserId: string;
  change: ApplicationChange;
  state: ApplicationState;
  step: StepRef;
  read: boolean;
  version: bigint;
  postingTitle: string;
  actorUserId: string;
}

/** Writes ApplicationChanged to the outbox inside the change's transaction (src/events). */
export type ApplicationChangePublisher = (
  tx: Transaction,
  event: ApplicationChangeEvent,
  nowMs: number,
) => Promise<void>;

export type ApplicationPatch = Partial<
  Pick<
    ApplicationRow,
    'stepId' | 'stepName' | 'stepKind' | 'state' | 'read' | 'firstReadAt' | 'rejectionReason' | 'rejectionDescription'
  >
>;

/** What one change does to a row; null when the row already is what was asked. */
export interface ChangePlan {
  change: ApplicationChange;
  patch: ApplicationPatch;
}

export interface Changed {
  /** The row the change was decided on. */
  before: ApplicationRow;
  after: ApplicationRow;
  /** Whether anything was written (false when the plan was null). */
  written: boolean;
}

/** How many times a change is retried after losing a race without an expected version. */
const MAX_ATTEMPTS = 20;

/** The event of a row as it stands after `change`. */
export function eventOf(row: ApplicationRow, change: ApplicationChange, actorUserId: string): ApplicationChangeEvent {
  return {
    applicationId: row.id,
    postingId: row.postingId,
    employerId: row.employerId,
    resumeId: row.resumeId,
    applicantUserId: row.applicantUserId,
    change,
    state: row.state as ApplicationState,
    step: { id: row.stepId, name: row.stepName, kind: row.stepKind as StepRef['kind'] },
    read: row.read,
    version: row.version,
    postingTitle: row.postingTitle,
    actorUserId,
  };
}

/** The history entry of a row as it stands after `change`. */
export async function recordChange(
  tx: Transaction,
  row: ApplicationRow,
  change: ApplicationChange,
  actorUserId: string,
  at: Date,
): Promise<void> {
  await tx.applicationHistory.create({
    data: {
      applicationId: row.id,
      change,
      stepId: row.stepId,
      stepName: row.stepName,
      stepKind: row.stepKind,
      actorUserId,
      at,
    },
  });
}

export class ApplicationChanges {
  constructor(
    private readonly db: Database,
    private readonly publish: ApplicationChangePublisher,
    private readonly clock: Clock,
  ) {}

  /**
   * Applies `plan` to the application `id` of `postingId` (EXC_HIRING_APPLY_NOT_FOUND otherwise).
   * With `expectedVersion`, a row at another version is refused with EXC_HIRING_APPLY_VERSION_CONFLICT.
   */
  async apply(
    where: { id: string; postingId?: string; applicantUserId?: string },
    plan: (row: ApplicationRow) => ChangePlan | null,
    options: { actorUserId: string; expectedVersion?: bigint },
  ): Promise<Changed> {
    for (let attempt = 1; ; attempt++) {
      const row = await this.db.application.findFirst({ where });
      if (!row) throw new DomainError('EXC_HIRING_APPLY_NOT_FOUND');
      if (options.expectedVersion !== undefined && row.version !== options.expectedVersion)
        throw new DomainError('EXC_HIRING_APPLY_VERSION_CONFLICT');
      const decided = plan(row);
      if (!decided) return { before: row, after: row, written: false };
      const nowMs = this.clock();
      const now = new Date(nowMs);
      const after = await this.db.$transaction(async (tx) => {
        const updated = await tx.application.updateMany({
          where: { id: row.id, version: row.version },
          data: { ...decided.patch, version: { increment: 1 }, updatedAt: now },
        });
        if (updated.count === 0) return null;
        const fresh = await tx.application.findUniqueOrThrow({ where: { id: row.id } });
        await recordChange(tx, fresh, decided.change, options.actorUserId, now);
        await this.publish(tx, eventOf(fresh, decided.change, options.actorUserId), nowMs);
        return fresh;
      });
      if (after) return { before: row, after, written: true };
      if (options.expectedVersion !== undefined || attempt >= MAX_ATTEMPTS)
        throw new DomainError('EXC_HIRING_APPLY_VERSION_CONFLICT');
    }
  }
}
