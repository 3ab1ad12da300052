// Users' cellphones as the auth service announces them, and the linking of invited agents to
// the user whose cellphone they were invited by.
import type { Clock } from '@darmankar/platform/clock';
import type { Logger } from '@darmankar/platform/log';
import type { Database, Transaction } from '../db/client.ts';
import { employerEvents } from '../events/employer-events.ts';

/** Where a user's cellphone is asked for when auth.user.v1 has not told this service yet. */
export interface CellphoneDirectory {
  /** The user's cellphone now; throws when the directory cannot answer. */
  cellphoneOf(userId: string): Promise<string>;
}

export class KnownUsers {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
    private readonly directory?: CellphoneDirectory,
    private readonly log?: Logger,
  ) {}

  /** UserRegistered or UserCellphoneChanged: the user now has this cellphone. */
  async learn(tx: Transaction, userId: string, cellphone: string): Promise<void> {
    // A cellphone another user held moves to this one (auth allows it only once freed).
    await tx.knownUser.deleteMany({ where: { cellphone, NOT: { userId } } });
    await tx.knownUser.upsert({ where: { userId }, create: { userId, cellphone }, update: { cellphone } });
    await this.linkIn(tx, userId, cellphone);
  }

  /** Links the caller's pending invitations (by the cellphone known for them). */
  async linkInvitations(userId: string): Promise<void> {
    const known = await this.db.knownUser.findUnique({ where: { userId } });
    if (!known) {
      await this.learnFromDirectory(userId);
      return;
    }
    const pending = await this.db.agent.count({ where: { cellphone: known.cellphone, userId: null } });
    if (pending === 0) return;
    await this.db.$transaction((tx) => this.linkIn(tx, userId, known.cellphone));
  }

  /**
   * A caller this service has not heard of registered moments ago: their UserRegistered is still
   * on its way (~0.1 s). An invited agent's first page would show no employer, so the directory
   * is asked instead; the event, when it comes, finds the same cellphone. Without an answer the
   * event links them later, as before.
   */
  private async learnFromDirectory(userId: string): Promise<void> {
    if (!this.directory) return;
    let cellphone: string;
    try {
      cellphone = await this.directory.cellphoneOf(userId);
    } catch (error) {
      this.log?.warn(
        { err: error, userId },
        'cellphone of a new caller unavailable; invitations link when auth.user.v1 arrives',
      );
      return;
    }
    try {
      await this.db.$transaction((tx) => this.learn(tx, userId, cellphone));
    } catch (error) {
      // Two first calls at once (the header and the page) or the event itself got there first.
      this.log?.warn({ err: error, userId }, 'cellphone of a new caller not recorded');
    }
  }

  /** The user a cellphone belongs to, if the auth service has announced one. */
  async userOf(tx: Transaction, cellphone: string): Promise<string | null> {
    return (await tx.knownUser.findUnique({ where: { cellphone } }))?.userId ?? null;
  }

  private async linkIn(tx: Transaction, userId: string, cellphone: string): Promise<void> {
    const pending = await tx.agent.findMany({
      where: { cellphone, userId: null },
      include: { employer: { select: { ownerUserId: true } } },
    });
    for (const agent of pending) {
      // The owner invited by their own cellphone gains nothing from the link.
      if (agent.employer.ownerUserId === userId) continue;
      const linked = await tx.agent.updateMany({ where: { id: agent.id, userId: null }, data: { userId } });
      if (linked.count === 1)
        await employerEvents.agentLinked(tx, { employerId: agent.employerId, agentId: agent.id, userId }, this.clock());
    }
  }
}
