// Users' cellphones as the auth service announces them, and the linking of invited agents to
// the user whose cellphone they were invited by.
import type { Clock } from '@darmankar/platform/clock';
import type { Database, Transaction } from '../db/client.ts';
import { employerEvents } from '../events/employer-events.ts';

export class KnownUsers {
  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
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
    if (!known) return;
    const pending = await this.db.agent.count({ where: { cellphone: known.cellphone, userId: null } });
    if (pending === 0) return;
    await this.db.$transaction((tx) => this.linkIn(tx, userId, known.cellphone));
  }

  /** The user a cellphone belongs to, if the auth service has announced one. */
  async userOf(tx: Transaction, cellphone: string): Promise<string | null> {
    return (await tx.knownUser.findUnique({ where: { cellphone } }))?.userId ?? null;
  }

  private async linkIn(tx: Transaction, userId: string, cellphone: string): Promise<void> {
    const pending = await tx.agent.findMany({ where: { cellphone, userId: null }, include: { employer: { select: { ownerUserId: true } } } });
    for (const agent of pending) {
      // The owner invited by their own cellphone gains nothing from the link.
      if (agent.employer.ownerUserId === userId) continue;
      const linked = await tx.agent.updateMany({ where: { id: agent.id, userId: null }, data: { userId } });
      if (linked.count === 1) await employerEvents.agentLinked(tx, { employerId: agent.employerId, agentId: agent.id, userId }, this.clock());
    }
  }
}
