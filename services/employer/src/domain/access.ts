// Who may do what at an employer: the owner everything, an agent the actions granted to them.
import { DomainError } from '@darmankar/platform/errors/domain-error';
import { isUuid, requireCaller } from '@darmankar/platform/input';
import { EMPLOYER_ACTIONS, isEmployerAction, type EmployerActionWord } from '@darmankar/platform/employer-actions';
import type { Database } from '../db/client.ts';

/** The actions of the employer contract, by word (what the permissions column stores). */
export const ACTIONS = EMPLOYER_ACTIONS;
export type Action = EmployerActionWord;

export const isAction = isEmployerAction;

export function parseAction(value: string): Action {
  if (!isAction(value)) throw new DomainError('EXC_EMPLOYERS_ACTION_IS_INVALID');
  return value;
}

export type Membership =
  | { kind: 'missing' }
  | { kind: 'stranger' }
  | { kind: 'owner'; permissions: Action[] }
  | { kind: 'agent'; permissions: Action[] };

/** Who `userId` is at the employer: one indexed read of the employer and the caller's agent row. */
export async function membership(db: Database, employerId: string, userId: string | undefined): Promise<Membership> {
  if (!isUuid(employerId)) return { kind: 'missing' };
  const employer = await db.employer.findUnique({
    where: { id: employerId },
    select: {
      ownerUserId: true,
      agents: isUuid(userId) ? { where: { userId }, select: { permissions: true } } : false,
    },
  });
  if (!employer) return { kind: 'missing' };
  if (!isUuid(userId)) return { kind: 'stranger' };
  if (employer.ownerUserId === userId) return { kind: 'owner', permissions: [...ACTIONS] };
  const agent = (employer as { agents?: { permissions: string[] }[] }).agents?.[0];
  if (!agent) return { kind: 'stranger' };
  return { kind: 'agent', permissions: agent.permissions.filter(isAction) };
}

/**
 * Refuses unless the caller may do one of `actions` (none: any member will do), with the code
 * the product shows: not found, forbidden for a non-member, agent access denied for an agent.
 */
export async function requireAccess(
  db: Database,
  employerId: string,
  userId: string | undefined,
  actions: readonly Action[] = [],
): Promise<Exclude<Membership, { kind: 'missing' | 'stranger' }>> {
  const caller = requireCaller(userId);
  const who = await membership(db, employerId, caller);
  if (who.kind === 'missing') throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
  if (who.kind === 'stranger') throw new DomainError('EXC_AUTHORIZATION_FORBIDDEN');
  if (actions.length > 0 && !actions.some((action) => who.permissions.includes(action)))
    throw new DomainError('EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
  return who;
}
