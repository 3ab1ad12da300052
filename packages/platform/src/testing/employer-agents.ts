// Test set-up shared by the services that ask the employer service about agents (billing,
// recruitment): an agent invited by the owner and linked to a user the way the product links it
// (auth's UserRegistered event carrying the invited cellphone), waited for until it holds.
import { create } from '@bufbuild/protobuf';
import { UserRegisteredSchema } from '@darmankar/proto/auth/v1/events_pb';
import { AccessOutcome, EmployerAction, EmployerService } from '@darmankar/proto/employer/v1/employer_pb';
import { actionValue } from '../employer-actions.ts';
import { toBusMessage, type EventBus } from '../events/bus.ts';
import type { ServiceClient } from '../grpc.ts';
import { eventually } from '../testing.ts';

export interface AgentParts {
  employer: ServiceClient<typeof EmployerService>;
  bus: EventBus;
}

/** Invites `cellphone` with `permissions` (action names) as `owner`, links it to `userId`, and waits until the employer service knows it. */
export async function linkAgent(
  parts: AgentParts,
  agent: { owner: string; employerId: string; userId: string; cellphone: string; permissions: string[] },
): Promise<void> {
  const { owner, employerId, userId, cellphone, permissions } = agent;
  await parts.employer.inviteAgent(
    {
      employerId,
      fields: { firstName: 'مریم', lastName: 'کریمی', cellphone, permissions: permissions.map(actionValue) },
    },
    { userId: owner },
  );
  await parts.bus.publish([
    toBusMessage(UserRegisteredSchema, create(UserRegisteredSchema, { userId, cellphone }), {
      topic: 'auth.user.v1',
      key: userId,
    }),
  ]);
  await eventually(
    async () =>
      (await parts.employer.hasAccess({ employerId, action: EmployerAction.BILLING }, { userId })).outcome !==
      AccessOutcome.NOT_MEMBER,
    'the agent to be linked',
  );
}
