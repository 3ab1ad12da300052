// The access check every employer-scoped call of every service makes: may this user do this
// action at this employer? One gRPC call to the employer service (HasAccess), its answer
// kept for a short while per employer and user, and dropped the moment the employer service
// publishes a change to that employer's agents (employer.agent.v1), so a removed agent or a
// withdrawn permission is refused at once (docs/adr/018).
import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { Logger } from 'pino';
import { AccessOutcome, EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import type { CallerSigner } from './caller-identity.ts';
import { systemClock, type Clock } from './clock.ts';
import { actionValue, actionWord, type EmployerActionWord } from './employer-actions.ts';
import { DomainError } from './errors/domain-error.ts';
import type { Consumer, EventBus } from './events/index.ts';
import { createClient, type ServiceClient } from './grpc.ts';

/** The employer service's topic of agent changes, keyed by employer id. */
const EMPLOYER_AGENT_TOPIC = 'employer.agent.v1';

/** An action by its word (the contract's EmployerAction enum, platform/employer-actions). */
export type EmployerAction = EmployerActionWord;

export type AccessDecision =
  | { hasAccess: true; outcome: 'granted' }
  | { hasAccess: false; outcome: 'agent_denied' | 'not_member' | 'employer_not_found' };

export interface EmployerAccessOptions {
  /** EMPLOYER_GRPC_URL. */
  address: string;
  /** Vouches for the user the calling service acts for (its own CALLER_ASSERTION_PRIVATE_KEY). */
  callerSigner: CallerSigner;
  /**
   * The process's bus (`connectEvents`), which the employer service publishes to; the access
   * client subscribes on it and leaves it open on close. Without it nothing could drop a stale
   * answer, so nothing is cached.
   */
  bus?: EventBus;
  /** How long an answer is kept when no change arrives; 30 s by default. */
  ttlMs?: number;
  maxEntries?: number;
  timeoutMs?: number;
  clock?: Clock;
  log?: Logger;
}

export interface EmployerAccess {
  check(userId: string, employerId: string, action: EmployerAction): Promise<AccessDecision>;
  /** Throws the code the product shows: forbidden, agent access denied, employer not found. */
  require(userId: string | undefined, employerId: string, action: EmployerAction): Promise<void>;
  /** Counters for tests and benchmarks: gRPC calls made, answers from the cache, invalidations applied. */
  readonly stats: { calls: number; hits: number; invalidations: number };
  /** Resolves once a change to `employerId` has been applied to the cache (tests wait on it). */
  invalidated(employerId: string): Promise<void>;
  /** How many changes to `employerId` this process has applied since it started. */
  changesSeen(employerId: string): number;
  close(): Promise<void>;
}

interface Entry {
  expiresAtMs: number;
  outcome: 'member' | 'not_member' | 'employer_not_found';
  permissions: readonly string[];
}

const OUTCOMES: Record<number, Entry['outcome'] | undefined> = {
  [AccessOutcome.GRANTED]: 'member',
  [AccessOutcome.AGENT_DENIED]: 'member',
  [AccessOutcome.NOT_MEMBER]: 'not_member',
  [AccessOutcome.EMPLOYER_NOT_FOUND]: 'employer_not_found',
};

function decide(entry: Entry, action: EmployerAction): AccessDecision {
  if (entry.outcome !== 'member') return { hasAccess: false, outcome: entry.outcome };
  return entry.permissions.includes(action)
    ? { hasAccess: true, outcome: 'granted' }
    : { hasAccess: false, outcome: 'agent_denied' };
}

export async function createEmployerAccess(options: EmployerAccessOptions): Promise<EmployerAccess> {
  const clock = options.clock ?? systemClock;
  const client: ServiceClient<typeof EmployerService> = createClient(EmployerService, options.address, {
    callerSigner: options.callerSigner,
    timeoutMs: options.timeoutMs,
  });
  const cache = new LRUCache<string, Entry>({ max: options.maxEntries ?? 50_000 });
  const keysByEmployer = new Map<string, Set<string>>();
  // Bumped by each change: an answer fetched across a change is not kept.
  const generations = new Map<string, number>();
  const waiters = new Map<string, Set<() => void>>();
  const stats = { calls: 0, hits: 0, invalidations: 0 };
  let ttlMs = options.ttlMs ?? 30_000;

  const invalidate = (employerId: string) => {
    generations.set(employerId, (generations.get(employerId) ?? 0) + 1);
    for (const key of keysByEmployer.get(employerId) ?? []) cache.delete(key);
    keysByEmployer.delete(employerId);
    stats.invalidations++;
    for (const wake of waiters.get(employerId) ?? []) wake();
    waiters.delete(employerId);
  };

  let consumer: Consumer | undefined;
  if (options.bus) {
    // Every process keeps its own cache, so each needs every change: a group of its own, from
    // now on (its cache starts empty, so earlier changes have nothing to correct).
    consumer = await options.bus.subscribe({
      group: `employer-access-${randomUUID()}`,
      topics: [EMPLOYER_AGENT_TOPIC],
      from: 'now',
      handler: async (message) => invalidate(message.key),
    });
  } else {
    options.log?.warn('employer access: no event bus, so answers are not cached');
    ttlMs = 0;
  }

  const check = async (userId: string, employerId: string, action: EmployerAction): Promise<AccessDecision> => {
    const key = `${employerId}\u0000${userId}`;
    const cached = cache.get(key);
    if (cached && cached.expiresAtMs > clock()) {
      stats.hits++;
      return decide(cached, action);
    }
    const generation = generations.get(employerId) ?? 0;
    stats.calls++;
    const answer = await client.hasAccess({ employerId, action: actionValue(action) }, { userId });
    const permissions = answer.permissions.map(actionWord).filter((word) => word !== undefined);
    const entry: Entry = {
      expiresAtMs: clock() + ttlMs,
      outcome: OUTCOMES[answer.outcome] ?? 'not_member',
      permissions,
    };
    if (ttlMs > 0 && (generations.get(employerId) ?? 0) === generation) {
      cache.set(key, entry);
      const keys = keysByEmployer.get(employerId) ?? new Set<string>();
      keys.add(key);
      keysByEmployer.set(employerId, keys);
    }
    return decide(entry, action);
  };

  return {
    check,
    stats,
    async require(userId, employerId, action) {
      if (!userId) throw new DomainError('EXC_AUTHENTICATION_REQUIRED');
      const decision = await check(userId, employerId, action);
      if (decision.hasAccess) return;
      if (decision.outcome === 'agent_denied') throw new DomainError('EXC_EMPLOYERS_AGENT_ACCESS_IS_DENIED');
      if (decision.outcome === 'employer_not_found') throw new DomainError('EXC_EMPLOYERS_NOT_FOUND');
      throw new DomainError('EXC_AUTHORIZATION_FORBIDDEN');
    },
    changesSeen: (employerId) => generations.get(employerId) ?? 0,
    invalidated(employerId) {
      return new Promise((resolve) => {
        const set = waiters.get(employerId) ?? new Set();
        set.add(resolve);
        waiters.set(employerId, set);
      });
    },
    async close() {
      client.close();
      await consumer?.stop();
    },
  };
}
