// The facts this service publishes, written to the outbox inside the transaction that makes
// the change: employer.employer.v1 and employer.agent.v1, both keyed by the employer id.
import { create, type DescMessage, type MessageInitShape } from '@bufbuild/protobuf';
import { toBusMessage } from '@darmankar/platform/events/bus';
import { enqueueEvent, prismaExecutor } from '@darmankar/platform/events/outbox';
import {
  AgentInvitedSchema,
  AgentLinkedSchema,
  AgentPermissionsChangedSchema,
  AgentRemovedSchema,
  EmployerCreatedSchema,
  EmployerUpdatedSchema,
} from '@darmankar/proto/employer/v1/events_pb';
import type { Transaction } from '../db/client.ts';

const EMPLOYER_TOPIC = 'employer.employer.v1';
const AGENT_TOPIC = 'employer.agent.v1';

async function publish<Desc extends DescMessage>(
  tx: Transaction,
  topic: string,
  schema: Desc,
  employerId: string,
  fields: MessageInitShape<Desc>,
  nowMs: number,
): Promise<void> {
  await enqueueEvent(
    prismaExecutor(tx),
    toBusMessage(
      schema,
      create(schema, {
        ...fields,
        meta: { eventId: crypto.randomUUID(), occurredAtMs: BigInt(nowMs) },
      } as MessageInitShape<Desc>),
      { topic, key: employerId },
    ),
  );
}

export interface EmployerFacts {
  employerId: string;
  slug: string;
  brand: string;
  isSelfEmployed: boolean;
}

export const employerEvents = {
  created: (tx: Transaction, facts: EmployerFacts & { ownerUserId: string }, nowMs: number) =>
    publish(tx, EMPLOYER_TOPIC, EmployerCreatedSchema, facts.employerId, facts, nowMs),
  updated: (
    tx: Transaction,
    facts: EmployerFacts & { isProfileCompleted: boolean; isPromoted: boolean },
    nowMs: number,
  ) => publish(tx, EMPLOYER_TOPIC, EmployerUpdatedSchema, facts.employerId, facts, nowMs),
  agentInvited: (
    tx: Transaction,
    fields: {
      employerId: string;
      agentId: string;
      cellphone: string;
      employerBrand: string;
      firstName: string;
      lastName: string;
      permissions: string[];
    },
    nowMs: number,
  ) => publish(tx, AGENT_TOPIC, AgentInvitedSchema, fields.employerId, fields, nowMs),
  agentLinked: (tx: Transaction, fields: { employerId: string; agentId: string; userId: string }, nowMs: number) =>
    publish(tx, AGENT_TOPIC, AgentLinkedSchema, fields.employerId, fields, nowMs),
  agentRemoved: (tx: Transaction, fields: { employerId: string; agentId: string; userId: string }, nowMs: number) =>
    publish(tx, AGENT_TOPIC, AgentRemovedSchema, fields.employerId, fields, nowMs),
  agentPermissionsChanged: (
    tx: Transaction,
    fields: { employerId: string; agentId: string; userId: string; permissions: string[] },
    nowMs: number,
  ) => publish(tx, AGENT_TOPIC, AgentPermissionsChangedSchema, fields.employerId, fields, nowMs),
};
