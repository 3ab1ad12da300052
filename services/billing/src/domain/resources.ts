// Units of the active plan used by other services for an employer (the recruitment service
// publishing or featuring a posting). Taking a unit is one conditional UPDATE that cannot go
// below zero; the (employer, kind, reference) usage row makes a repeated call take nothing more
// and lets the unit be given back once.
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import type { Database, Transaction } from '../db/client.ts';
import { planEvents } from '../events/plan-events.ts';
import type { AccessCheck } from './access.ts';
import { requireCaller } from '@darmankar/platform/input';
import { requireEmployerId } from './input.ts';
import { RESOURCE_KINDS, type ResourceKind } from './views.ts';

/** The column of each kind: from this closed list only, never from input. */
const COLUMN = { recruitment: 'recruitment_remaining', featured: 'featured_remaining' } as const;
/** When ResourcesLow of each kind was sent for the plan (once per plan and kind). */
const LOW_NOTIFIED = { recruitment: 'recruitment_low_notified_at', featured: 'featured_low_notified_at' } as const;

export interface ResourcesOptions {
  /** RESOURCES_LOW_THRESHOLD: a consume that leaves this many or fewer announces ResourcesLow. */
  lowThreshold?: number;
}

export function parseKind(value: string | undefined): ResourceKind {
  if (!value || !(RESOURCE_KINDS as readonly string[]).includes(value))
    throw new DomainError('EXC_PRODUCTS_RESOURCE_KIND_IS_INVALID');
  return value as ResourceKind;
}

function parseReference(value: string): string {
  const reference = value.trim();
  if (reference === '' || reference.length > 200) throw new DomainError('EXC_PRODUCTS_REFERENCE_IS_INVALID');
  return reference;
}

export class Resources {
  constructor(
    private readonly db: Database,
    private readonly access: AccessCheck,
    private readonly clock: Clock,
    private readonly options: ResourcesOptions = {},
  ) {}

  /**
   * ResourcesLow once per plan and kind: the column that remembers it is set by a conditional
   * UPDATE in the consume's transaction, so concurrent consumes announce it once.
   */
  private async announceLow(
    tx: Transaction,
    employerId: string,
    planId: string,
    kind: ResourceKind,
    left: number,
    nowMs: number,
  ): Promise<void> {
    if (left > (this.options.lowThreshold ?? 1)) return;
    const claimed = await tx.$queryRawUnsafe<{ id: string }[]>(
      `UPDATE purchased_plans SET ${LOW_NOTIFIED[kind]} = $2 WHERE id = $1::uuid AND ${LOW_NOTIFIED[kind]} IS NULL RETURNING id`,
      planId,
      new Date(nowMs),
    );
    if (claimed.length === 1) await planEvents.resourcesLow(tx, employerId, planId, kind, left, nowMs);
  }

  /**
   * Who may use or give back a unit: a service acting for a user (a vouched caller) who may
   * create or edit the employer's postings (publishing a draft and featuring are edits) or
   * manage its billing.
   */
  private async requireUser(userId: string | undefined, employerId: string): Promise<void> {
    const caller = requireCaller(userId);
    for (const action of ['RecruitmentCreate', 'RecruitmentEdit'] as const) {
      if ((await this.access.check(caller, employerId, action)).hasAccess) return;
    }
    await this.access.require(caller, employerId, 'Billing');
  }

  /** The input of a consume or release, checked, and its caller allowed. */
  private async checkedCall(
    userId: string | undefined,
    employerId: string,
    rawKind: string | undefined,
    rawReference: string,
  ): Promise<{ kind: ResourceKind; reference: string }> {
    requireEmployerId(employerId);
    const kind = parseKind(rawKind);
    const reference = parseReference(rawReference);
    await this.requireUser(userId, employerId);
    return { kind, reference };
  }

  /** What the active plan has left of `kind` (0 with no active plan). */
  private async remaining(
    db: Database | Transaction,
    employerId: string,
    kind: ResourceKind,
    nowMs: number,
  ): Promise<number> {
    const rows = await db.$queryRawUnsafe<{ left: number }[]>(
      `SELECT ${COLUMN[kind]} AS left FROM purchased_plans WHERE employer_id = $1::uuid AND status = 'active' AND expires_at > $2`,
      employerId,
      new Date(nowMs),
    );
    return rows[0]?.left ?? 0;
  }

  async consume(
    userId: string | undefined,
    employerId: string,
    rawKind: string | undefined,
    rawReference: string,
  ): Promise<number> {
    const { kind, reference } = await this.checkedCall(userId, employerId, rawKind, rawReference);
    return this.db.$transaction(async (tx) => {
      const now = this.clock();
      // The usage row first: a concurrent call with the same reference waits on its unique key
      // here, then finds it and takes nothing.
      const inserted = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO resource_usages (id, employer_id, kind, reference_id, created_at)
        VALUES (${randomUUID()}::uuid, ${employerId}::uuid, ${kind}, ${reference}, ${new Date(now)})
        ON CONFLICT (employer_id, kind, reference_id) DO NOTHING RETURNING id`;
      if (inserted.length === 0) {
        const usage = await tx.$queryRaw<{ released: Date | null }[]>`
          SELECT released_at AS released FROM resource_usages WHERE employer_id = ${employerId}::uuid AND kind = ${kind} AND reference_id = ${reference} FOR UPDATE`;
        if (usage[0]!.released === null) return this.remaining(tx, employerId, kind, now);
      }
      const taken = await tx.$queryRawUnsafe<{ id: string; left: number }[]>(
        `UPDATE purchased_plans SET ${COLUMN[kind]} = ${COLUMN[kind]} - 1
          WHERE employer_id = $1::uuid AND status = 'active' AND expires_at > $2 AND ${COLUMN[kind]} > 0
          RETURNING id, ${COLUMN[kind]} AS left`,
        employerId,
        new Date(now),
      );
      // None left (or no active plan): the transaction rolls back, the usage row with it.
      if (taken.length === 0) throw new DomainError('EXC_PERMISSIONS_EMPLOYER_RESOURCE_NOT_SUFFICIENT');
      await tx.$executeRaw`
        UPDATE resource_usages SET purchased_plan_id = ${taken[0]!.id}::uuid, released_at = NULL, created_at = ${new Date(now)}
         WHERE employer_id = ${employerId}::uuid AND kind = ${kind} AND reference_id = ${reference}`;
      await this.announceLow(tx, employerId, taken[0]!.id, kind, taken[0]!.left, now);
      return taken[0]!.left;
    });
  }

  /** Gives back the unit `reference` took, once; a reference that took nothing changes nothing. */
  async release(
    userId: string | undefined,
    employerId: string,
    rawKind: string | undefined,
    rawReference: string,
  ): Promise<number> {
    const { kind, reference } = await this.checkedCall(userId, employerId, rawKind, rawReference);
    return this.db.$transaction(async (tx) => {
      const now = this.clock();
      const released = await tx.$queryRaw<{ planId: string }[]>`
        UPDATE resource_usages SET released_at = ${new Date(now)}
         WHERE employer_id = ${employerId}::uuid AND kind = ${kind} AND reference_id = ${reference} AND released_at IS NULL AND purchased_plan_id IS NOT NULL
         RETURNING purchased_plan_id AS "planId"`;
      if (released.length === 1) {
        await tx.$executeRawUnsafe(
          `UPDATE purchased_plans SET ${COLUMN[kind]} = ${COLUMN[kind]} + 1 WHERE id = $1::uuid`,
          released[0]!.planId,
        );
      }
      return this.remaining(tx, employerId, kind, now);
    });
  }
}
