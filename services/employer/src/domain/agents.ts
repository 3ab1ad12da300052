// Agents: people invited by cellphone to act for an employer with the permissions granted.
import { randomUUID } from 'node:crypto';
import type { Clock } from '@darmankar/platform/clock';
import type { ExcCode } from '@darmankar/platform/errors/catalogue';
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { cleanText, normalizeCellphone } from '@darmankar/platform/persian';
import { isUniqueViolation, type AgentRow, type Database } from '../db/client.ts';
import { employerEvents } from '../events/employer-events.ts';
import { isUuid } from '@darmankar/platform/input';
import { isAction, requireAccess, type Action, type Membership } from './access.ts';
import { throwIfAny } from './profile.ts';
import type { KnownUsers } from './users.ts';

export interface AgentInput {
  firstName: string;
  lastName: string;
  title?: string;
  cellphone: string;
  permissions: string[];
}

export interface AgentView {
  id: string;
  userId: string | null;
  firstName: string;
  lastName: string;
  title: string | null;
  cellphone: string;
  permissions: Action[];
  createdAtMs: number;
}

const toView = (row: AgentRow): AgentView => ({
  id: row.id,
  userId: row.userId,
  firstName: row.firstName,
  lastName: row.lastName,
  title: row.title,
  cellphone: row.cellphone,
  permissions: row.permissions.filter(isAction),
  createdAtMs: row.createdAt.getTime(),
});

function parseAgent(input: AgentInput): {
  firstName: string;
  lastName: string;
  title: string | null;
  cellphone: string;
  permissions: Action[];
} {
  const errors: ExcCode[] = [];
  // Names and title as typed (cleanText), on one line.
  const firstName = cleanText(input.firstName, { singleLine: true });
  const lastName = cleanText(input.lastName, { singleLine: true });
  const title = cleanText(input.title ?? '', { singleLine: true }) || null;
  if (firstName === '') errors.push('EXC_EMPLOYERS_AGENT_FIRST_NAME_IS_REQUIRED');
  if (lastName === '') errors.push('EXC_EMPLOYERS_AGENT_LAST_NAME_IS_REQUIRED');
  if ([...firstName].length > 50 || [...lastName].length > 50) errors.push('EXC_EMPLOYERS_AGENT_NAME_IS_TOO_LONG');
  if (title !== null && [...title].length > 100) errors.push('EXC_EMPLOYERS_AGENT_TITLE_IS_TOO_LONG');
  const cellphone = normalizeCellphone(input.cellphone);
  if (cellphone === null) errors.push('EXC_EMPLOYERS_AGENT_CELLPHONE_IS_INVALID');
  if (input.permissions.some((p) => !isAction(p)) || input.permissions.length > 20)
    errors.push('EXC_EMPLOYERS_AGENT_PERMISSIONS_ARE_INVALID');
  throwIfAny(errors);
  return {
    firstName,
    lastName,
    title,
    cellphone: cellphone!,
    permissions: [...new Set(input.permissions as Action[])],
  };
}

/**
 * What an agent may grant: at most the permissions they hold, never AgentManage (the owner's
 * alone to give), and never a change to their own permissions. Taking a permission away is
 * not granting; moving an agent to another cellphone grants all of theirs to another person.
 * The owner may grant anything.
 */
function checkGrant(
  who: Exclude<Membership, { kind: 'missing' | 'stranger' }>,
  caller: string,
  current: { userId: string | null; cellphone: string; permissions: string[] } | null,
  wanted: { cellphone: string; permissions: readonly Action[] },
): void {
  if (who.kind === 'owner') return;
  const had = new Set(current?.permissions ?? []);
  if (
    current !== null &&
    current.userId === caller &&
    (wanted.permissions.length !== had.size || wanted.permissions.some((permission) => !had.has(permission)))
  ) {
    throw new DomainError('EXC_EMPLOYERS_AGENT_CANNOT_CHANGE_OWN_PERMISSIONS');
  }
  const kept = current !== null && current.cellphone === wanted.cellphone ? had : new Set<string>();
  const added = wanted.permissions.filter((permission) => !kept.has(permission));
  if (added.some((permission) => permission === 'AgentManage' || !who.permissions.includes(permission)))
    throw new DomainError('EXC_EMPLOYERS_AGENT_CANNOT_GRANT_PERMISSIONS');
}

export class Agents {
  constructor(
    private readonly db: Database,
    private readonly users: KnownUsers,
    private readonly clock: Clock,
  ) {}

  async list(userId: string | undefined, employerId: string): Promise<AgentView[]> {
    await requireAccess(this.db, employerId, userId, ['AgentManage']);
    const rows = await this.db.agent.findMany({
      where: { employerId },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    return rows.map(toView);
  }

  async invite(userId: string | undefined, employerId: string, input: AgentInput): Promise<AgentView> {
    const who = await requireAccess(this.db, employerId, userId, ['AgentManage']);
    const agent = parseAgent(input);
    checkGrant(who, userId!, null, agent);
    try {
      return await this.db.$transaction(async (tx) => {
        const employer = await tx.employer.findUniqueOrThrow({
          where: { id: employerId },
          select: { brand: true, ownerUserId: true },
        });
        const known = await this.users.userOf(tx, agent.cellphone);
        if (known !== null && known === employer.ownerUserId) throw new DomainError('EXC_EMPLOYERS_AGENT_IS_OWNER');
        const row = await tx.agent.create({
          data: { id: randomUUID(), employerId, userId: known, ...agent, createdAt: new Date(this.clock()) },
        });
        await employerEvents.agentInvited(
          tx,
          {
            employerId,
            agentId: row.id,
            cellphone: row.cellphone,
            employerBrand: employer.brand,
            firstName: row.firstName,
            lastName: row.lastName,
            permissions: row.permissions,
          },
          this.clock(),
        );
        if (known !== null)
          await employerEvents.agentLinked(tx, { employerId, agentId: row.id, userId: known }, this.clock());
        return toView(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('EXC_EMPLOYERS_AGENT_IS_DUPLICATE');
      throw error;
    }
  }

  async update(userId: string | undefined, employerId: string, agentId: string, input: AgentInput): Promise<AgentView> {
    const who = await requireAccess(this.db, employerId, userId, ['AgentManage']);
    const agent = parseAgent(input);
    try {
      return await this.db.$transaction(async (tx) => {
        const current = isUuid(agentId) ? await tx.agent.findFirst({ where: { id: agentId, employerId } }) : null;
        if (!current) throw new DomainError('EXC_EMPLOYERS_AGENT_NOT_FOUND');
        checkGrant(who, userId!, current, agent);
        // Another cellphone is another person: the link is made again from it.
        const linkedUser =
          current.cellphone === agent.cellphone ? current.userId : await this.users.userOf(tx, agent.cellphone);
        const employer = await tx.employer.findUniqueOrThrow({
          where: { id: employerId },
          select: { ownerUserId: true },
        });
        if (linkedUser !== null && linkedUser === employer.ownerUserId)
          throw new DomainError('EXC_EMPLOYERS_AGENT_IS_OWNER');
        const row = await tx.agent.update({ where: { id: agentId }, data: { ...agent, userId: linkedUser } });
        if (current.userId !== null && current.userId !== linkedUser) {
          await employerEvents.agentRemoved(tx, { employerId, agentId, userId: current.userId }, this.clock());
        }
        await employerEvents.agentPermissionsChanged(
          tx,
          { employerId, agentId, userId: linkedUser ?? '', permissions: row.permissions },
          this.clock(),
        );
        return toView(row);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new DomainError('EXC_EMPLOYERS_AGENT_IS_DUPLICATE');
      throw error;
    }
  }

  async remove(userId: string | undefined, employerId: string, agentId: string): Promise<void> {
    await requireAccess(this.db, employerId, userId, ['AgentManage']);
    await this.db.$transaction(async (tx) => {
      const current = isUuid(agentId) ? await tx.agent.findFirst({ where: { id: agentId, employerId } }) : null;
      if (!current) throw new DomainError('EXC_EMPLOYERS_AGENT_NOT_FOUND');
      await tx.agent.delete({ where: { id: agentId } });
      await employerEvents.agentRemoved(tx, { employerId, agentId, userId: current.userId ?? '' }, this.clock());
    });
  }
}
